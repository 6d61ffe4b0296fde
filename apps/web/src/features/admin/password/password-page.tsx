import { AdminPasswordChangeRequest, endpoints } from '@sfm/protocol';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_NS } from '../../../i18n/admin/index.ts';
import { useSession } from '../../../session/index.ts';
import { announce } from '../../../ui/announcer.tsx';
import { adminCall, protocolRule, useSubmit } from '../../../back-office/index.ts';
import { useAdminProfile, useReloadAdminProfile } from '../shell/admin-profile.ts';

interface Values {
  currentPassword: string;
  newPassword: string;
  confirm: string;
}

/** The protocol's own rule for a field, so the form says what the server would. */
const ruleOf = (field: 'currentPassword' | 'newPassword') =>
  protocolRule(AdminPasswordChangeRequest.shape[field]);

/**
 * The admin's own password. While it is a temporary one (made by another admin) the shell shows
 * this in place of every page: the server refuses everything else until it is replaced.
 */
export function PasswordPage() {
  const { t } = useTranslation(ADMIN_NS);
  const profile = useAdminProfile();
  const reloadProfile = useReloadAdminProfile();
  const [form] = Form.useForm<Values>();
  const [done, setDone] = useState(false);
  const { busy, error, submit: send } = useSubmit();

  const submit = async ({ currentPassword, newPassword }: Values) => {
    setDone(false);
    const endStatus = announce(t('password.submitting'));
    await send(
      () => adminCall(endpoints.adminChangePassword, { currentPassword, newPassword }),
      ({ token }) => {
        // every other session of this admin has ended, the old token too: this one goes on with the new
        useSession.getState().setAdminToken(token);
        form.resetFields();
        setDone(true);
        announce(t('password.changed'));
        reloadProfile();
      },
    );
    endStatus();
  };

  const matches = ({ getFieldValue }: { getFieldValue: (name: keyof Values) => unknown }) => ({
    validator: (_: unknown, value: string | undefined) =>
      !value || value === getFieldValue('newPassword')
        ? Promise.resolve()
        : Promise.reject(new Error(t('password.mismatch'))),
  });

  return (
    <div className="admin-password">
      {profile?.mustChangePassword ? <Alert type="warning" showIcon title={t('password.required')} /> : null}
      <div role="status">{done ? <Alert type="success" showIcon title={t('password.changed')} /> : null}</div>
      <div role="alert">{error ? <Alert type="error" showIcon title={error} /> : null}</div>
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item label={t('password.current')} name="currentPassword" rules={[ruleOf('currentPassword')]}>
          <Input.Password autoComplete="current-password" visibilityToggle={false} />
        </Form.Item>
        <Form.Item label={t('password.new')} name="newPassword" rules={[ruleOf('newPassword')]}>
          <Input.Password autoComplete="new-password" visibilityToggle={false} />
        </Form.Item>
        <Form.Item
          label={t('password.confirm')}
          name="confirm"
          dependencies={['newPassword']}
          rules={[matches]}
        >
          <Input.Password autoComplete="new-password" visibilityToggle={false} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('password.submit')}
        </Button>
      </Form>
    </div>
  );
}
