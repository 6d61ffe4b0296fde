import type { Platform, UpdateType } from '@sfm/protocol';
import {
  AdminVersionCreateRequest,
  versionAdminEndpoints,
  type AdminVersion,
} from '@sfm/protocol/versions-admin';
import { Alert, Form, Input, InputNumber, Modal, Select } from 'antd';
import { Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { VERSIONS_ADMIN_NS } from '../../../i18n/admin/versions/index.ts';
import { adminCall, protocolRule, useSubmit } from '../../../back-office/index.ts';
import { Changelog } from '../../download/index.ts';

const PLATFORMS: readonly Platform[] = ['android', 'ios', 'h5'];
const UPDATE_TYPES: readonly UpdateType[] = ['optional', 'force', 'silent'];

interface Values {
  platform: Platform;
  versionName: string;
  buildNumber: number;
  updateType: UpdateType;
  minSupportedBuild?: number | null;
  downloadUrl?: string;
  releaseNotes?: string;
}

/** The protocol's rule of a field, so the form says what the server would. */
const rule = (field: keyof typeof AdminVersionCreateRequest.shape) =>
  protocolRule(AdminVersionCreateRequest.shape[field], (value) => (value === '' ? null : value));

/**
 * Creates a version, or edits one (its platform and build number name it and stay). The release
 * notes are markdown, previewed below the field as the download page will show them.
 */
export function VersionDialog({
  version,
  onDone,
  onCancel,
}: {
  /** The version to edit; none: a new one. */
  version: AdminVersion | null;
  onDone: (saved: AdminVersion) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(VERSIONS_ADMIN_NS);
  const [form] = Form.useForm<Values>();
  const notes = Form.useWatch('releaseNotes', form) ?? version?.releaseNotes ?? '';
  const { busy, error, submit } = useSubmit();
  const formId = useId();

  const save = (values: Values) => {
    const common = {
      versionName: values.versionName,
      updateType: values.updateType,
      releaseNotes: values.releaseNotes ?? '',
      downloadUrl: values.downloadUrl?.trim() || null,
      minSupportedBuild: values.minSupportedBuild ?? null,
    };
    return submit(
      () =>
        version
          ? adminCall(versionAdminEndpoints.updateVersion, { id: version.id, ...common })
          : adminCall(versionAdminEndpoints.createVersion, {
              ...common,
              platform: values.platform,
              buildNumber: values.buildNumber,
            }),
      onDone,
    );
  };

  return (
    <Modal
      open
      title={version ? t('editOf', { name: version.versionName }) : t('create')}
      onCancel={onCancel}
      okText={t('save')}
      cancelText={t('cancel')}
      okButtonProps={{ htmlType: 'submit', form: formId, loading: busy }}
      destroyOnHidden
      width={720}
    >
      <div role="alert">{error ? <Alert type="error" showIcon title={error} /> : null}</div>
      <Form<Values>
        id={formId}
        form={form}
        layout="vertical"
        initialValues={
          version
            ? { ...version, downloadUrl: version.downloadUrl ?? '' }
            : { platform: 'android', updateType: 'optional', releaseNotes: '' }
        }
        onFinish={(values) => void save(values)}
      >
        <Form.Item label={t('platform')} name="platform">
          <Select
            disabled={version !== null}
            options={PLATFORMS.map((p) => ({ value: p, label: t(`platforms.${p}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('versionName')} name="versionName" rules={[rule('versionName')]}>
          <Input autoComplete="off" placeholder="1.2.0" />
        </Form.Item>
        <Form.Item label={t('buildNumber')} name="buildNumber" rules={[rule('buildNumber')]}>
          <InputNumber disabled={version !== null} min={1} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label={t('updateType')} name="updateType">
          <Select options={UPDATE_TYPES.map((u) => ({ value: u, label: t(`updateTypes.${u}`) }))} />
        </Form.Item>
        <Form.Item
          label={t('minSupportedBuild')}
          name="minSupportedBuild"
          extra={t('minSupportedHint')}
          rules={[rule('minSupportedBuild')]}
        >
          <InputNumber min={1} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          label={t('downloadUrl')}
          name="downloadUrl"
          extra={t('downloadUrlHint')}
          rules={[rule('downloadUrl')]}
        >
          <Input autoComplete="off" inputMode="url" />
        </Form.Item>
        <Form.Item label={t('releaseNotes')} name="releaseNotes" rules={[rule('releaseNotes')]}>
          <Input.TextArea rows={6} />
        </Form.Item>
      </Form>
      <section aria-label={t('preview')} className="version-preview">
        <h2 className="version-preview__title">{t('preview')}</h2>
        {notes.trim() ? (
          <Suspense fallback={null}>
            <Changelog markdown={notes} />
          </Suspense>
        ) : (
          <p>{t('noNotes')}</p>
        )}
      </section>
    </Modal>
  );
}
