import { envelope } from '@sfm/protocol';
import { AdminVersion, APK_CONTENT_TYPE, APK_UPLOAD_PATH } from '@sfm/protocol/versions-admin';
import { useSession } from '../../../session/index.ts';
import { tr } from '../../../i18n/index.ts';

export type UploadResult = { ok: true; version: AdminVersion } | { ok: false; message: string };

/**
 * Sends an APK as the request's raw body (an APK is tens of megabytes: no base64 JSON) with the
 * admin token; the answer is the usual envelope with the version, or the server's message.
 */
export async function uploadApk(versionId: string, file: Blob): Promise<UploadResult> {
  const token = useSession.getState().adminToken ?? '';
  let response: Response;
  try {
    response = await fetch(`${APK_UPLOAD_PATH}?id=${encodeURIComponent(versionId)}`, {
      method: 'POST',
      headers: { 'content-type': APK_CONTENT_TYPE, authorization: `Bearer ${token}` },
      body: file,
    });
  } catch {
    return { ok: false, message: tr('network.failed') };
  }
  const body: unknown = await response.json().catch(() => null);
  const answer = envelope(AdminVersion).safeParse(body);
  if (response.ok && answer.success) return { ok: true, version: answer.data.data };
  // an ended admin session sends the operator to the login page, as every admin call does
  if (response.status === 401) useSession.getState().setAdminToken(null);
  const message = (body as { message?: unknown } | null)?.message;
  return { ok: false, message: typeof message === 'string' ? message : tr('network.invalid') };
}
