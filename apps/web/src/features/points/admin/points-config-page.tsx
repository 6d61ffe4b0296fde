import { PointsRules } from '@sfm/protocol/points';
import { pointsAdminEndpoints } from '@sfm/protocol/points-admin';
import { Alert, App, Button, Card, Form, Input, InputNumber, Space } from 'antd';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { apiText } from '../../../i18n/index.ts';
import { ADMIN_NS } from '../../../i18n/admin/index.ts';
import { POINTS_ADMIN_NS } from '../../../i18n/admin/points/index.ts';
import { announce } from '../../../ui/announcer.tsx';
import { adminCall, formatTime, useAdminData, useSubmit } from '../../../back-office/index.ts';
import './points-admin.css';

const COSTS = ['vision', 'analyze', 'recognize', 'text', 'reasoning'] as const;
const GRANTS = ['dailyFreePoints', 'deviceDailyPoints', 'verificationReward'] as const;
const PLAN_FIELDS = ['id', 'name', 'priceFen', 'dailyPoints', 'days'] as const;
const PACKAGE_FIELDS = ['id', 'name', 'priceFen', 'points'] as const;
const TEXT_FIELDS: ReadonlySet<string> = new Set(['id', 'name']);

/** A list of items (VIP plans or recharge packages), one row of fields each. */
function ItemList({ name, fields, title }: { name: string; fields: readonly string[]; title: string }) {
  const { t } = useTranslation(POINTS_ADMIN_NS);
  return (
    <Card title={<h2 className="points-admin__title">{title}</h2>} size="small">
      <Form.List name={name}>
        {(rows, { add, remove }) => (
          <>
            {rows.map((row, index) => (
              <Space key={row.key} wrap align="end">
                {fields.map((field) => (
                  <Form.Item key={field} label={t(`config.${field}`)} name={[row.name, field]}>
                    {TEXT_FIELDS.has(field) ? (
                      <Input style={{ width: 140 }} />
                    ) : (
                      <InputNumber precision={0} min={0} style={{ width: 130 }} />
                    )}
                  </Form.Item>
                ))}
                <Form.Item>
                  <Button danger onClick={() => remove(row.name)}>
                    {t('config.remove', { name: `${title} ${index + 1}` })}
                  </Button>
                </Form.Item>
              </Space>
            ))}
            <Button onClick={() => add()}>{`${t('config.add')} ${title}`}</Button>
          </>
        )}
      </Form.List>
    </Card>
  );
}

/**
 * /bme_admin/points-config: the points rules (grants, costs, VIP plans, recharge packages). Checked
 * by the protocol's own schema before it is sent; each save is a new version in the audit log.
 */
export function PointsConfigPage() {
  const { t } = useTranslation(POINTS_ADMIN_NS);
  const { message } = App.useApp();
  const config = useAdminData('points-config', (signal) =>
    adminCall(pointsAdminEndpoints.pointsConfig, undefined, { signal }),
  );
  const [form] = Form.useForm<PointsRules>();
  const { busy, error, setError, submit } = useSubmit();
  const grantsId = useId();
  const costsId = useId();

  useEffect(() => {
    if (config.data) form.setFieldsValue(config.data.rules);
  }, [config.data, form]);

  const save = async (values: unknown) => {
    setError('');
    const parsed = PointsRules.safeParse(values);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return setError(t('config.invalid', { field: issue.path.join('.'), message: apiText(issue.message) }));
    }
    await submit(
      () => adminCall(pointsAdminEndpoints.updatePointsConfig, parsed.data),
      ({ version }) => {
        const done = t('config.saved', { version });
        void message.success(done);
        announce(done);
        config.reload();
      },
    );
  };

  return (
    <>
      {config.error ? (
        <Alert type="error" showIcon title={t('shell.loadFailed', { ns: ADMIN_NS, message: config.error })} />
      ) : null}
      {config.data ? (
        <p data-testid="points-config-version">
          {t('config.version', {
            version: config.data.version,
            savedAt: formatTime(config.data.savedAt),
            by: config.data.savedBy ?? t('config.defaults'),
          })}
        </p>
      ) : null}
      <div role="alert">{error ? <Alert type="error" showIcon title={error} /> : null}</div>
      <Form
        form={form}
        name="points-config"
        layout="vertical"
        onFinish={(values) => void save(values)}
        disabled={!config.data}
      >
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Card
            title={
              <h2 id={grantsId} className="points-admin__title">
                {t('config.grants')}
              </h2>
            }
            size="small"
          >
            <Space wrap>
              {GRANTS.map((field) => (
                <Form.Item key={field} label={t(`config.${field}`)} name={field}>
                  <InputNumber precision={0} min={0} style={{ width: 180 }} />
                </Form.Item>
              ))}
            </Space>
          </Card>
          <Card
            title={
              <h2 id={costsId} className="points-admin__title">
                {t('config.costs')}
              </h2>
            }
            size="small"
          >
            <p>{t('config.ttsFree')}</p>
            <Space wrap>
              {COSTS.map((scene) => (
                <Form.Item key={scene} label={t(`config.cost.${scene}`)} name={['costs', scene]}>
                  <InputNumber precision={0} min={0} style={{ width: 140 }} />
                </Form.Item>
              ))}
            </Space>
          </Card>
          <ItemList name="vipPlans" fields={PLAN_FIELDS} title={t('config.plans')} />
          <ItemList name="rechargePackages" fields={PACKAGE_FIELDS} title={t('config.packages')} />
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('config.save')}
          </Button>
        </Space>
      </Form>
    </>
  );
}
