import { SceneStatus, type SceneStatus as Status } from '@sfm/protocol/market';
import { sceneAdminEndpoints, type AdminScene, type AdminScenesQuery } from '@sfm/protocol/market-admin';
import { Alert, Button, Space, Table, type TableProps } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MARKET_NS } from '../../../i18n/market/index.ts';
import { announce } from '../../../ui/announcer.tsx';
import {
  adminCall,
  failureText,
  FilterBar,
  formatTime,
  ReasonDialog,
  StatusTag,
  tablePaging,
  useAdminData,
} from '../../../back-office/index.ts';
import { photoFromFile } from '../photo-source.ts';
import { SceneIcon } from '../scene-icon.tsx';

type Query = Omit<AdminScenesQuery, 'page' | 'pageSize'> & { page: number; pageSize: number };
type Decision = { kind: 'reject' | 'unpublish'; scene: AdminScene };

/** A test run of the scene's prompt on a sample photo the reviewer chooses. */
function TestRun({ scene }: { scene: AdminScene }) {
  const { t } = useTranslation(MARKET_NS);
  const input = useRef<HTMLInputElement>(null);
  const [result, setResult] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (file: File) => {
    setBusy(true);
    setResult(t('admin.testing'));
    try {
      const image = await photoFromFile(file);
      const answer = await adminCall(sceneAdminEndpoints.testScene, { id: scene.id, image });
      setResult(answer.ok ? t('admin.testResult', { text: answer.data.description }) : answer.message);
    } catch (error) {
      setResult(failureText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <Button
        loading={busy}
        onClick={() => input.current?.click()}
        aria-label={`${t('admin.testPhoto')}：${scene.name}`}
      >
        {t('admin.testPhoto')}
      </Button>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        hidden
        data-testid={`scene-test-${scene.id}`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void run(file);
        }}
      />
      <p aria-live="polite" className="scenes-admin__result">
        {result}
      </p>
    </div>
  );
}

/**
 * /bme_admin/scenes: the review queue of public scenes (oldest submission first) and the other
 * states; each scene with its prompt, a test run on a sample photo, and approve / reject with a
 * reason / unpublish, every decision audited by the server.
 */
export function ScenesPage() {
  const { t } = useTranslation(MARKET_NS);
  const [query, setQuery] = useState<Query>({ status: 'pending', page: 1, pageSize: 20 });
  const [decision, setDecision] = useState<Decision | null>(null);
  const [error, setError] = useState<string | null>(null);
  const scenes = useAdminData(JSON.stringify(query), (signal) =>
    adminCall(sceneAdminEndpoints.adminScenes, query, { signal }),
  );

  const decide = async (
    call: () => ReturnType<typeof adminCall<typeof sceneAdminEndpoints.approveScene>>,
    done: string,
  ) => {
    setError(null);
    try {
      const answer = await call();
      if (!answer.ok) {
        setError(answer.message);
        announce(answer.message, { assertive: true });
        return;
      }
      announce(done);
      setDecision(null);
      scenes.reload();
    } catch (failure) {
      setError(failureText(failure));
    }
  };

  const approve = (scene: AdminScene) =>
    void decide(
      () => adminCall(sceneAdminEndpoints.approveScene, { id: scene.id }),
      t('admin.approved', { name: scene.name }),
    );

  const columns: TableProps<AdminScene>['columns'] = [
    {
      title: t('admin.scene'),
      key: 'name',
      render: (_: unknown, scene: AdminScene) => (
        <Space direction="vertical" size={0}>
          <span>
            <SceneIcon icon={scene.icon} /> <strong>{scene.name}</strong>
          </span>
          <span>{scene.description}</span>
          <span>
            {t(`categories.${scene.category}`)} · {t('admin.version', { version: scene.version })}
          </span>
        </Space>
      ),
    },
    { title: t('admin.prompt'), dataIndex: 'prompt', key: 'prompt' },
    {
      title: t('admin.behaviour'),
      key: 'behaviour',
      render: (_: unknown, scene: AdminScene) =>
        scene.intervalSeconds
          ? `${t(`behaviours.${scene.behaviour}`)}（${scene.intervalSeconds}s）`
          : t(`behaviours.${scene.behaviour}`),
    },
    {
      title: t('admin.author'),
      key: 'author',
      render: (_: unknown, scene: AdminScene) =>
        scene.official
          ? t('admin.official')
          : [scene.authorName, scene.authorPhone].filter(Boolean).join(' '),
    },
    {
      title: t('admin.status'),
      key: 'status',
      render: (_: unknown, scene: AdminScene) => (
        <Space direction="vertical" size={0}>
          <StatusTag ok={scene.status === 'approved'}>{t(`status.${scene.status}`)}</StatusTag>
          {scene.live ? <span>{t('admin.live')}</span> : null}
          {scene.rejectReason ? <span>{t('status.reason', { reason: scene.rejectReason })}</span> : null}
          <span>{formatTime(scene.updatedAt)}</span>
          {scene.reports > 0 ? (
            <span>
              {t('admin.reports', { count: scene.reports })}：{scene.reportReasons.join('；')}
            </span>
          ) : null}
        </Space>
      ),
    },
    {
      title: t('admin.actions'),
      key: 'actions',
      render: (_: unknown, scene: AdminScene) => (
        <Space direction="vertical">
          {scene.status === 'pending' ? (
            <Space wrap>
              <Button
                type="primary"
                onClick={() => approve(scene)}
                aria-label={`${t('admin.approve')}：${scene.name}`}
              >
                {t('admin.approve')}
              </Button>
              <Button
                danger
                onClick={() => setDecision({ kind: 'reject', scene })}
                aria-label={`${t('admin.reject')}：${scene.name}`}
              >
                {t('admin.reject')}
              </Button>
            </Space>
          ) : null}
          {scene.live ? (
            <Button
              danger
              onClick={() => setDecision({ kind: 'unpublish', scene })}
              aria-label={`${t('admin.unpublish')}：${scene.name}`}
            >
              {t('admin.unpublish')}
            </Button>
          ) : null}
          <TestRun scene={scene} />
        </Space>
      ),
    },
  ];

  return (
    <>
      <FilterBar<{ status: Status; q?: string }>
        fields={[
          {
            name: 'status',
            label: t('admin.filterStatus'),
            kind: 'select',
            width: 160,
            options: SceneStatus.options.map((s) => ({ value: s, label: t(`status.${s}`) })),
          },
          { name: 'q', label: t('admin.search'), kind: 'search' },
        ]}
        initialValues={{ status: 'pending' }}
        applyText={t('admin.searchButton')}
        onApply={({ status, q }) =>
          setQuery((old) => ({ ...old, page: 1, status, q: q?.trim() || undefined }))
        }
      />
      {scenes.error ? <Alert type="error" showIcon title={scenes.error} /> : null}
      <div role="alert">{error ? <Alert type="error" showIcon title={error} /> : null}</div>
      <Table<AdminScene>
        rowKey="id"
        columns={columns}
        dataSource={scenes.data?.items ?? []}
        loading={scenes.loading}
        locale={{ emptyText: t('admin.empty') }}
        {...tablePaging(query, setQuery, scenes.data?.total ?? 0, (count) => t('admin.total', { count }))}
      />
      {decision ? (
        <ReasonDialog
          title={`${t(decision.kind === 'reject' ? 'admin.reject' : 'admin.unpublish')}：${decision.scene.name}`}
          okText={t(decision.kind === 'reject' ? 'admin.confirmReject' : 'admin.confirmUnpublish')}
          danger
          onCancel={() => setDecision(null)}
          onSubmit={(reason) =>
            decide(
              () =>
                adminCall(
                  decision.kind === 'reject'
                    ? sceneAdminEndpoints.rejectScene
                    : sceneAdminEndpoints.unpublishScene,
                  { id: decision.scene.id, reason },
                ),
              t(decision.kind === 'reject' ? 'admin.rejected' : 'admin.unpublishedDone', {
                name: decision.scene.name,
              }),
            )
          }
        />
      ) : null}
    </>
  );
}
