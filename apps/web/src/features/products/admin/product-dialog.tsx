import { AdminProductRequest, productAdminEndpoints, type AdminProduct } from '@sfm/protocol/products-admin';
import { Alert, Form, Input, Modal } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCTS_ADMIN_NS } from '../../../i18n/admin/products/index.ts';
import { adminCall, protocolRule, useSubmit } from '../../../back-office/index.ts';

interface Values {
  code: string;
  name: string;
  notes?: string;
}

/** The protocol's rule of a field, so the form says what the server would. */
const rule = (field: keyof typeof AdminProductRequest.shape) =>
  protocolRule(AdminProductRequest.shape[field]);

/** Adds a product, or edits one's name and notes (its code names it and stays). */
export function ProductDialog({
  product,
  onDone,
  onCancel,
}: {
  /** The product to edit; none: a new one. */
  product: AdminProduct | null;
  onDone: (saved: AdminProduct) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(PRODUCTS_ADMIN_NS);
  const [form] = Form.useForm<Values>();
  const { busy, error, submit } = useSubmit();
  const formId = useId();

  const save = (values: Values) => {
    const body = { code: product?.code ?? values.code.trim(), name: values.name, notes: values.notes ?? '' };
    return submit(
      () =>
        adminCall(product ? productAdminEndpoints.updateProduct : productAdminEndpoints.createProduct, body),
      onDone,
    );
  };

  return (
    <Modal
      open
      title={product ? t('editOf', { name: product.name }) : t('create')}
      onCancel={onCancel}
      okText={t('save')}
      cancelText={t('cancel')}
      okButtonProps={{ htmlType: 'submit', form: formId, loading: busy }}
      destroyOnHidden
    >
      <div role="alert">{error ? <Alert type="error" showIcon title={error} /> : null}</div>
      <Form<Values>
        id={formId}
        form={form}
        layout="vertical"
        initialValues={product ?? { code: '', name: '', notes: '' }}
        onFinish={(values) => void save(values)}
      >
        <Form.Item label={t('code')} name="code" extra={t('codeHint')} rules={[rule('code')]}>
          <Input disabled={product !== null} autoComplete="off" inputMode="numeric" />
        </Form.Item>
        <Form.Item label={t('name')} name="name" rules={[rule('name')]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label={t('notes')} name="notes" extra={t('notesHint')} rules={[rule('notes')]}>
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
