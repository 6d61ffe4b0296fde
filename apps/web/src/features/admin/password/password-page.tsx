import { AdminPasswordChangeRequest, endpoints } from '@sfm/protocol';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiText } from '../../../i18n/index.ts';
import { ADMIN_NS } from '../../../i18n/admin/index.ts';
import { useSession } from '../../../session/index.ts';
import { announce } from '../../../ui/announcer.tsx';
import { adminCall, failureText } from '../../../back-office/index.ts';
import { useAdminProfile, useReloadAdminProfile } from '../shell/admin-profile.ts';

interface Values {
  currentPassword: string;
  newPassword: string;
  confirm: string;
}

/** The protocol's own rule for a field, so the form says what the server would. */
const ruleOf = (field: 'currentPassword' | 'newPassword') => ({
  validator: (_: unknown, value: string | undefined) => {
    const issue = AdminPasswordChangeRequest.shape[field].safeParse(value ?? '').error?.issues[0];
    return issue ? Promise.reject(new Error(apiText(issue.message))) : Promise.resolve();
  },
});

/**
 * The admin's own password. While it is a temporary one (made by another admin) the shell shows
 * this in place of every page: the server refuses everything else until it is replaced.
 */
export function PasswordPage() {
  const { t } = useTranslation(ADMIN_NS);
  const profile = useAdminProfile();
  const reloadProfile = useReloadAdminProfile();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async ({ currentPassword, newPassword }: Values) => {
    setError('');
    setDone(false);
    setBusy(true);
    const endStatus = announce(t('password.submitting'));
    try {
      const answer = await adminCall(endpoints.adminChangePassword, { currentPassword, newPassword });
      if (!answer.ok) {
        setError(answer.message);
        return;
      }
      // every other session of this admin has ended, the old token too: this one goes on with the new
      useSession.getState().setAdminToken(answer.data.token);
      form.resetFields();
      setDone(true);
      announce(t('password.changed'));
      reloadProfile();
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      endStatus();
      setBusy(false);
    }
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
