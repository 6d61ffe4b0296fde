import type { Platform, UpdateType } from '@sfm/protocol';
import { versionAdminEndpoints, type AdminVersion } from '@sfm/protocol/versions-admin';
import { Alert, App, Button, Select, Space, Table, type TableProps } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_NS } from '../../../i18n/admin/index.ts';
import { VERSIONS_ADMIN_NS } from '../../../i18n/admin/versions/index.ts';
import { announce } from '../../../ui/announcer.tsx';
import { adminCall, failureText, formatTime, StatusTag, useAdminData } from '../../../back-office/index.ts';
import { uploadApk } from './apk-upload.ts';
import { VersionDialog } from './version-dialog.tsx';
import './versions-admin.css';

const PLATFORMS: readonly Platform[] = ['android', 'ios', 'h5'];
const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/**
 * /bme_admin/versions: the app's versions per platform, newest build first. An operator creates one,
 * edits its notes (with a preview), uploads an Android version's APK, and publishes or withdraws
 * it; each change is audited by the server.
 */
export function VersionsPage() {
  const { t } = useTranslation(VERSIONS_ADMIN_NS);
  const { message } = App.useApp();
  const [platform, setPlatform] = useState<Platform | 'all'>('all');
  const versions = useAdminData(platform, (signal) =>
    adminCall(versionAdminEndpoints.versions, platform === 'all' ? {} : { platform }, { signal }),
  );
  const [editing, setEditing] = useState<AdminVersion | 'new' | null>(null);
  const [error, setError] = useState('');
  const [uploading, setUploading] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const uploadTarget = useRef<AdminVersion | null>(null);

  const done = (text: string) => {
    void message.success(text);
    announce(text);
    versions.reload();
  };

  const setPublished = async (version: AdminVersion, published: boolean) => {
    setError('');
    try {
      const answer = await adminCall(versionAdminEndpoints.publishVersion, { id: version.id, published });
      if (!answer.ok) return setError(answer.message);
      done(t(published ? 'publishedDone' : 'unpublishedDone', { name: version.versionName }));
    } catch (failure) {
      setError(failureText(failure));
    }
  };

  const chooseApk = (version: AdminVersion) => {
    uploadTarget.current = version;
    fileInput.current?.click();
  };

  const onFile = async (file: File | undefined) => {
    const version = uploadTarget.current;
    if (fileInput.current) fileInput.current.value = '';
    if (!file || !version) return;
    setError('');
    setUploading(version.id);
    announce(t('uploading'));
    const result = await uploadApk(version.id, file);
    setUploading(null);
    if (result.ok) done(t('uploaded', { name: version.versionName }));
    else setError(result.message);
  };

  const name = (v: AdminVersion) => `${t(`platforms.${v.platform}`)} ${v.versionName}`;

  const columns: TableProps<AdminVersion>['columns'] = [
    {
      title: t('platform'),
      dataIndex: 'platform',
      render: (p: Platform) => t(`platforms.${p}`),
    },
    { title: t('versionName'), dataIndex: 'versionName' },
    { title: t('buildNumber'), dataIndex: 'buildNumber' },
    {
      title: t('updateType'),
      dataIndex: 'updateType',
      render: (u: UpdateType) => t(`updateTypes.${u}`),
    },
    {
      title: t('download'),
      key: 'download',
      render: (_: unknown, v) =>
        v.apk ? (
          <a href={v.apk.url}>{`${t('apk')} ${t('apkOf', { size: megabytes(v.apk.bytes) })}`}</a>
        ) : (
          (v.downloadUrl ?? t('noDownload'))
        ),
    },
    {
      title: t('status'),
      dataIndex: 'published',
      render: (published: boolean) => (
        <StatusTag ok={published}>{t(published ? 'published' : 'draft')}</StatusTag>
      ),
    },
    { title: t('updatedAt'), dataIndex: 'updatedAt', render: (v: string) => formatTime(v) },
    {
      title: t('actions'),
      key: 'actions',
      render: (_: unknown, v) => (
        <Space wrap>
          <Button onClick={() => setEditing(v)} aria-label={t('editOf', { name: name(v) })}>
            {t('edit')}
          </Button>
          {v.platform === 'android' ? (
            <Button
              onClick={() => chooseApk(v)}
              loading={uploading === v.id}
              aria-label={t('uploadApkOf', { name: name(v) })}
            >
              {t('uploadApk')}
            </Button>
          ) : null}
          <Button
            type={v.published ? 'default' : 'primary'}
            onClick={() => void setPublished(v, !v.published)}
            aria-label={t(v.published ? 'unpublishOf' : 'publishOf', { name: name(v) })}
          >
            {t(v.published ? 'unpublish' : 'publish')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <>
      <div className="admin-filters">
        <label className="versions-admin__filter">
          <span>{t('platform')}</span>
          <Select<Platform | 'all'>
            value={platform}
            onChange={setPlatform}
            aria-label={t('platform')}
            style={{ minWidth: 160 }}
            options={[
              { value: 'all', label: t('allPlatforms') },
              ...PLATFORMS.map((p) => ({ value: p, label: t(`platforms.${p}`) })),
            ]}
          />
        </label>
        <Button type="primary" onClick={() => setEditing('new')}>
          {t('create')}
        </Button>
      </div>
      <input
        ref={fileInput}
        type="file"
        accept=".apk,application/vnd.android.package-archive"
        hidden
        aria-hidden="true"
        tabIndex={-1}
        data-apk-input=""
        onChange={(event) => void onFile(event.target.files?.[0])}
      />
      <div role="alert">{error ? <Alert type="error" showIcon title={error} /> : null}</div>
      {versions.error ? (
        <Alert
          type="error"
          showIcon
          title={t('shell.loadFailed', { ns: ADMIN_NS, message: versions.error })}
        />
      ) : null}
      <Table<AdminVersion>
        rowKey="id"
        columns={columns}
        dataSource={versions.data?.items ?? []}
        loading={versions.loading}
        pagination={false}
        scroll={{ x: true }}
        expandable={{
          columnTitle: t('notes'),
          rowExpandable: (v) => v.releaseNotes.trim() !== '',
          expandedRowRender: (v) => <pre className="versions-admin__notes">{v.releaseNotes}</pre>,
        }}
      />
      {editing ? (
        <VersionDialog
          version={editing === 'new' ? null : editing}
          onCancel={() => setEditing(null)}
          onDone={(saved) => {
            setEditing(null);
            done(t(editing === 'new' ? 'createdDone' : 'saved', { name: name(saved) }));
          }}
        />
      ) : null}
    </>
  );
}
