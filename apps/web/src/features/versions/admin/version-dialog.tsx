import type { Platform, UpdateType } from '@sfm/protocol';
import { AdminVersionCreateRequest, versionAdminEndpoints, type AdminVersion } from '@sfm/protocol/admin';
import { Alert, Form, Input, InputNumber, Modal, Select } from 'antd';
import { Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiText } from '../../../i18n/index.ts';
import { ADMIN_NS } from '../../../i18n/admin/index.ts';
import { adminCall, failureText } from '../../../back-office/index.ts';
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
const protocolRule = (field: keyof typeof AdminVersionCreateRequest.shape) => ({
  validator: (_: unknown, value: unknown) => {
    const issue = AdminVersionCreateRequest.shape[field].safeParse(value === '' ? null : value).error
      ?.issues[0];
    return issue ? Promise.reject(new Error(apiText(issue.message))) : Promise.resolve();
  },
});

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
  const { t } = useTranslation(ADMIN_NS);
  const [form] = Form.useForm<Values>();
  const notes = Form.useWatch('releaseNotes', form) ?? version?.releaseNotes ?? '';
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const formId = useId();

  const save = async (values: Values) => {
    setBusy(true);
    setError('');
    const common = {
      versionName: values.versionName,
      updateType: values.updateType,
      releaseNotes: values.releaseNotes ?? '',
      downloadUrl: values.downloadUrl?.trim() || null,
      minSupportedBuild: values.minSupportedBuild ?? null,
    };
    try {
      const answer = version
        ? await adminCall(versionAdminEndpoints.updateVersion, { id: version.id, ...common })
        : await adminCall(versionAdminEndpoints.createVersion, {
            ...common,
            platform: values.platform,
            buildNumber: values.buildNumber,
          });
      if (answer.ok) onDone(answer.data);
      else setError(answer.message);
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={version ? t('versions.editOf', { name: version.versionName }) : t('versions.create')}
      onCancel={onCancel}
      okText={t('versions.save')}
      cancelText={t('versions.cancel')}
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
        onFinish={save}
      >
        <Form.Item label={t('versions.platform')} name="platform">
          <Select
            disabled={version !== null}
            options={PLATFORMS.map((p) => ({ value: p, label: t(`versions.platforms.${p}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('versions.versionName')} name="versionName" rules={[protocolRule('versionName')]}>
          <Input autoComplete="off" placeholder="1.2.0" />
        </Form.Item>
        <Form.Item label={t('versions.buildNumber')} name="buildNumber" rules={[protocolRule('buildNumber')]}>
          <InputNumber disabled={version !== null} min={1} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label={t('versions.updateType')} name="updateType">
          <Select options={UPDATE_TYPES.map((u) => ({ value: u, label: t(`versions.updateTypes.${u}`) }))} />
        </Form.Item>
        <Form.Item
          label={t('versions.minSupportedBuild')}
          name="minSupportedBuild"
          extra={t('versions.minSupportedHint')}
          rules={[protocolRule('minSupportedBuild')]}
        >
          <InputNumber min={1} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          label={t('versions.downloadUrl')}
          name="downloadUrl"
          extra={t('versions.downloadUrlHint')}
          rules={[protocolRule('downloadUrl')]}
        >
          <Input autoComplete="off" inputMode="url" />
        </Form.Item>
        <Form.Item
          label={t('versions.releaseNotes')}
          name="releaseNotes"
          rules={[protocolRule('releaseNotes')]}
        >
          <Input.TextArea rows={6} />
        </Form.Item>
      </Form>
      <section aria-label={t('versions.preview')} className="version-preview">
        <h2 className="version-preview__title">{t('versions.preview')}</h2>
        {notes.trim() ? (
          <Suspense fallback={null}>
            <Changelog markdown={notes} />
          </Suspense>
        ) : (
          <p>{t('versions.noNotes')}</p>
        )}
      </section>
    </Modal>
  );
}
