import { ModerationReason } from '@sfm/protocol/admin';
import { Form, Input, Modal } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_NS } from '../i18n/admin/index.ts';
import { protocolRule } from './protocol-rule.ts';

const reasonRule = protocolRule(ModerationReason);

/**
 * Asks an operator why (a ban, a rejection, an unpublication): every such decision is audited
 * with its reason. The confirm button stays busy until `onSubmit` settles.
 */
export function ReasonDialog({
  title,
  okText,
  danger = false,
  onSubmit,
  onCancel,
}: {
  title: string;
  okText: string;
  danger?: boolean;
  onSubmit: (reason: string) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation(ADMIN_NS);
  const [busy, setBusy] = useState(false);
  const formId = useId();
  const confirm = async ({ reason }: { reason: string }) => {
    setBusy(true);
    try {
      await onSubmit(reason.trim());
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={title}
      onCancel={onCancel}
      okText={okText}
      cancelText={t('users.cancel')}
      okButtonProps={{ htmlType: 'submit', form: formId, loading: busy, danger }}
      destroyOnHidden
    >
      <Form id={formId} layout="vertical" onFinish={(values: { reason: string }) => void confirm(values)}>
        <Form.Item label={t('users.reason')} name="reason" rules={[reasonRule]}>
          <Input.TextArea rows={3} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
