import type { ModuleContext } from '../../module-context.ts';
import { AnalysesRepo } from './analyses-repo.ts';
import { AnalysesDashboardRepo } from './dashboard-repo.ts';
import { registerAnalysesDashboardRoutes } from './dashboard-routes.ts';
import { AnalysesDashboard } from './dashboard-service.ts';
import { ImageUrlSigner } from '../../storage/image-url.ts';
import { visionPersonalData } from './personal-data.ts';
import { VisionImagesRepo } from './repo.ts';
import { startRetentionSweep } from './retention.ts';
import { registerVisionRoutes } from './routes.ts';
import { VisionService } from './service.ts';
import { registerTextLinesRoute } from './text-lines-routes.ts';
import { TextLinesService } from './text-lines-service.ts';
import { createTextLinesReader } from '../../engines/vision/text-lines.ts';

/**
 * Photo analysis, the analysed photos served back to their owner, and their deletion after the
 * retention time; and the live text channel's fallback, a frame's text lines read for free.
 */
export function register(ctx: ModuleContext): void {
  const { config, logger, clock, scope } = ctx;
  const store = ctx.adapters.imageStore;
  const repo = new VisionImagesRepo(ctx.db);
  const retentionHours = config.imageRetentionHours;
  const vision = new VisionService({
    engine: ctx.engines.vision,
    store,
    repo,
    analyses: new AnalysesRepo(ctx.db),
    signer: new ImageUrlSigner(ctx.security.secret, 'vision-image-url'),
    meter: ctx.points.meter,
    clock,
    logger,
    urlTtlSeconds: config.imageUrlTtlSeconds,
    retentionHours,
  });
  registerVisionRoutes(scope, ctx.http, ctx.identities, vision, config.visionRateLimitPerMinute, ctx.devices);
  // the server's own OCR whatever engine describes photos: its models load at the first frame
  const textLines = new TextLinesService(createTextLinesReader());
  registerTextLinesRoute(ctx.http, textLines, config.visionRateLimitPerMinute, ctx.devices);
  logger.info({ imageStore: store.kind, retentionHours }, 'analysed images storage');
  const dashboard = new AnalysesDashboard(new AnalysesDashboardRepo(ctx.db), clock, config.timeZone);
  registerAnalysesDashboardRoutes(ctx.http, dashboard);
  ctx.dashboard.register(dashboard);
  ctx.personalData.register(visionPersonalData(ctx.db));

  let sweeper: ReturnType<typeof startRetentionSweep> | undefined;
  scope.addHook('onReady', (done) => {
    sweeper = startRetentionSweep({ repo, store, clock, logger, retentionHours });
    done();
  });
  scope.addHook('onClose', async () => {
    await sweeper?.stop();
  });
}
