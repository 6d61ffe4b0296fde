import type { AdminRole } from '@sfm/protocol';
import { AdminCreateRequest, adminEndpoints, type AdminAccount } from '@sfm/protocol/admin';
import { Alert, App, Button, Form, Input, Modal, Select, Space, Table, type TableProps } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_NS } from '../../../i18n/admin/index.ts';
import { announce } from '../../../ui/announcer.tsx';
import {
  adminCall,
  formatTime,
  protocolRule,
  StatusTag,
  useAdminData,
  useSubmit,
} from '../../../back-office/index.ts';
import { useAdminProfile } from '../shell/admin-profile.ts';

const ROLES: readonly AdminRole[] = ['operator', 'super_admin'];

/** The field rules of the protocol, so the form says what the server would. */
const rule = (field: keyof typeof AdminCreateRequest.shape) => protocolRule(AdminCreateRequest.shape[field]);

function CreateDialog({
  onCreated,
  onCancel,
}: {
  onCreated: (name: string, password: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(ADMIN_NS);
  const { busy, error, submit } = useSubmit();
  const formId = useId();
  const create = (values: AdminCreateRequest) =>
    submit(
      () => adminCall(adminEndpoints.createAdmin, values),
      ({ admin, temporaryPassword }) => onCreated(admin.username, temporaryPassword),
    );
  return (
    <Modal
      open
      title={t('admins.create')}
      onCancel={onCancel}
      okText={t('admins.submit')}
      cancelText={t('admins.cancel')}
      okButtonProps={{ htmlType: 'submit', form: formId, loading: busy }}
      destroyOnHidden
    >
      <div role="alert">{error ? <Alert type="error" showIcon title={error} /> : null}</div>
      <Form<AdminCreateRequest>
        id={formId}
        layout="vertical"
        initialValues={{ role: 'operator' }}
        onFinish={(values) => void create(values)}
      >
        <Form.Item label={t('admins.username')} name="username" rules={[rule('username')]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label={t('admins.role')} name="role" rules={[rule('role')]}>
          <Select options={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A temporary password, shown once, in a dialog the super-admin closes when they have noted it. */
function PasswordDialog({
  name,
  password,
  onClose,
}: {
  name: string;
  password: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(ADMIN_NS);
  return (
    <Modal
      open
      title={t('admins.temporaryPasswordTitle')}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('admins.done')}
        </Button>
      }
    >
      <p>{t('admins.temporaryPasswordText', { name })}</p>
      <p className="admin-password" data-temporary-password="">
        {password}
      </p>
    </Modal>
  );
}

/** /bme_admin/admins (super-admin only): the admins, new ones with a temporary password, disable, reset. */
export function AdminsPage() {
  const { t } = useTranslation(ADMIN_NS);
  const { message, modal } = App.useApp();
  const admins = useAdminData('admins', (signal) => adminCall(adminEndpoints.admins, undefined, { signal }));
  const me = useAdminProfile();
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<{ name: string; password: string } | null>(null);
  const { error, submit } = useSubmit();

  const done = (text: string) => {
    void message.success(text);
    announce(text);
    admins.reload();
  };

  const setDisabled = (admin: AdminAccount, disabled: boolean) =>
    submit(
      () => adminCall(adminEndpoints.setAdminDisabled, { adminId: admin.id, disabled }),
      () =>
        done(
          t('admins.statusChanged', {
            name: admin.username,
            action: t(disabled ? 'admins.disable' : 'admins.enable'),
          }),
        ),
    );

  const resetPassword = (admin: AdminAccount) =>
    void modal.confirm({
      title: t('admins.resetPassword'),
      content: t('admins.resetConfirm', { name: admin.username }),
      okText: t('admins.confirm'),
      cancelText: t('admins.cancel'),
      onOk: () =>
        submit(
          () => adminCall(adminEndpoints.resetAdminPassword, { adminId: admin.id }),
          ({ temporaryPassword }) => setShown({ name: admin.username, password: temporaryPassword }),
        ),
    });

  const columns: TableProps<AdminAccount>['columns'] = [
    {
      title: t('admins.username'),
      dataIndex: 'username',
      render: (name: string, admin) => (admin.id === me?.id ? `${name}${t('admins.you')}` : name),
    },
    { title: t('admins.role'), dataIndex: 'role', render: (role: AdminRole) => t(`roles.${role}`) },
    {
      title: t('admins.status'),
      dataIndex: 'disabled',
      render: (disabled: boolean) => (
        <StatusTag ok={!disabled}>{t(disabled ? 'admins.disabled' : 'admins.enabled')}</StatusTag>
      ),
    },
    { title: t('admins.createdAt'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
    {
      title: t('admins.lastLoginAt'),
      dataIndex: 'lastLoginAt',
      render: (v: string | null) => formatTime(v, '—'),
    },
    {
      title: t('admins.actions'),
      key: 'actions',
      render: (_: unknown, admin) =>
        admin.id === me?.id ? null : (
          <Space wrap>
            <Button
              danger={!admin.disabled}
              onClick={() => void setDisabled(admin, !admin.disabled)}
              aria-label={`${t(admin.disabled ? 'admins.enable' : 'admins.disable')} ${admin.username}`}
            >
              {t(admin.disabled ? 'admins.enable' : 'admins.disable')}
            </Button>
            <Button
              onClick={() => resetPassword(admin)}
              aria-label={`${t('admins.resetPassword')} ${admin.username}`}
            >
              {t('admins.resetPassword')}
            </Button>
          </Space>
        ),
    },
  ];

  return (
    <>
      <div className="admin-filters">
        <Button type="primary" onClick={() => setCreating(true)}>
          {t('admins.create')}
        </Button>
      </div>
      <div role="alert">{error ? <Alert type="error" showIcon title={error} /> : null}</div>
      {admins.error ? (
        <Alert type="error" showIcon title={t('shell.loadFailed', { message: admins.error })} />
      ) : null}
      <Table<AdminAccount>
        rowKey="id"
        columns={columns}
        dataSource={admins.data?.items ?? []}
        loading={admins.loading}
        pagination={false}
      />
      {creating ? (
        <CreateDialog
          onCancel={() => setCreating(false)}
          onCreated={(name, password) => {
            setCreating(false);
            setShown({ name, password });
            done(t('admins.created', { name }));
          }}
        />
      ) : null}
      {shown ? <PasswordDialog {...shown} onClose={() => setShown(null)} /> : null}
    </>
  );
}
