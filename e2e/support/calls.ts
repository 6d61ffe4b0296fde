import { endpoints, type AuthSession, type UserType } from '@sfm/protocol';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { PHONE_VIEWPORT } from './browser.ts';
import { instrumentSpeech } from './camera.ts';
import type { SmsServer } from './server.ts';
import { registerViaApi, seedStorage, uniquePhone } from './session.ts';

/** Every RTCPeerConnection the page makes, kept where the test can ask it for its stats (an init script). */
export function recordPeers(): void {
  const Original = window.RTCPeerConnection;
  const peers: RTCPeerConnection[] = [];
  (window as unknown as { __peers: RTCPeerConnection[] }).__peers = peers;
  window.RTCPeerConnection = class extends Original {
    constructor(config?: RTCConfiguration) {
      super(config);
      peers.push(this);
    }
  } as typeof RTCPeerConnection;
}

export interface Received {
  frames: number;
  audioPackets: number;
  /** The selected candidate pair's local and remote candidate types (host, srflx, relay). */
  candidateTypes: string[];
}

/** What the page's newest peer connection has received: decoded video frames and audio packets. */
export async function received(page: Page): Promise<Received> {
  return page.evaluate(async () => {
    const peer = (window as unknown as { __peers: RTCPeerConnection[] }).__peers.at(-1);
    const result = { frames: 0, audioPackets: 0, candidateTypes: [] as string[] };
    if (!peer) return result;
    const stats = await peer.getStats();
    stats.forEach(
      (r: {
        type: string;
        kind?: string;
        framesDecoded?: number;
        packetsReceived?: number;
        nominated?: boolean;
        state?: string;
        localCandidateId?: string;
        remoteCandidateId?: string;
      }) => {
        if (r.type === 'inbound-rtp' && r.kind === 'video') result.frames += r.framesDecoded ?? 0;
        if (r.type === 'inbound-rtp' && r.kind === 'audio') result.audioPackets += r.packetsReceived ?? 0;
        if (r.type === 'candidate-pair' && r.nominated && r.state === 'succeeded') {
          for (const id of [r.localCandidateId, r.remoteCandidateId]) {
            const candidate = id ? (stats.get(id) as { candidateType?: string } | undefined) : undefined;
            if (candidate?.candidateType) result.candidateTypes.push(candidate.candidateType);
          }
        }
      },
    );
    return result;
  });
}

/** The status line of a call page (what is also spoken). */
export const callStatus = (page: Page) => page.locator('.call-status');

/** A volunteer's page open and available, waiting for a ring. */
export async function standBy(volunteer: Page): Promise<void> {
  await volunteer.goto('/volunteer-calls');
  const available = volunteer.getByRole('switch', { name: '接听求助' });
  await expect.poll(() => available.isEnabled(), { timeout: 15_000 }).toBe(true);
  await available.check();
  // quiet hours are on by default (22:00–07:00 on the browser's clock): a suite run at night would
  // never ring anyone (the status says so). The status says 正在等待求助 only once the server has
  // stored every choice (its echoes), so a call made after it rings this page.
  const quiet = volunteer.getByRole('switch', { name: '夜间免打扰' });
  await expect.poll(() => quiet.isEnabled(), { timeout: 15_000 }).toBe(true);
  // a click, not uncheck(): the switch changes only when the server's answer comes
  if (await quiet.isChecked()) await quiet.click();
  await expect.poll(() => quiet.isChecked(), { timeout: 15_000 }).toBe(false);
  await callStatus(volunteer).filter({ hasText: '正在等待求助' }).waitFor();
}

/** A help-seeker taps 呼叫志愿者 once the page can call; answers when the tap was made (ms). */
export async function callVolunteers(seeker: Page): Promise<number> {
  await seeker.goto('/video-call');
  const call = seeker.getByRole('button', { name: '呼叫志愿者' });
  await expect.poll(() => call.isEnabled(), { timeout: 15_000 }).toBe(true);
  const calledAt = Date.now();
  await call.click();
  return calledAt;
}

/** A registered user with a role (0 help-seeker, 1 volunteer), through the API. */
export async function registerWithRole(
  server: SmsServer,
  nickname: string,
  userType: UserType,
): Promise<AuthSession> {
  const baseUrl = server.url;
  const session = await registerViaApi(server, {
    phone: uniquePhone(),
    password: 'long-enough-1',
    nickname,
  });
  const res = await fetch(baseUrl + endpoints.updateMe.path, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', token: session.token, userType: 'registered' },
    body: JSON.stringify({ userType }),
  });
  if (res.status !== 200) throw new Error(`role change failed: ${res.status}`);
  return { ...session, user: { ...session.user, userType } };
}

/** A signed-in user with a role in a phone-sized context of their own, its speech and peers recorded. */
export async function callerContext(
  browser: Browser,
  server: SmsServer,
  nickname: string,
  userType: UserType,
): Promise<BrowserContext> {
  const session = await registerWithRole(server, nickname, userType);
  const context = await browser.newContext({
    baseURL: server.url,
    locale: 'zh-CN',
    viewport: PHONE_VIEWPORT,
  });
  await seedStorage(context, { privacyAccepted: true, session });
  await instrumentSpeech(context);
  await context.addInitScript(recordPeers);
  return context;
}

/** A user whose browser may use TURN relays only (iceTransportPolicy 'relay'), as behind a strict NAT. */
export async function relayOnlyContext(
  browser: Browser,
  server: SmsServer,
  nickname: string,
  userType: UserType,
): Promise<BrowserContext> {
  const context = await callerContext(browser, server, nickname, userType);
  await context.addInitScript(() => localStorage.setItem('callIceTransport', 'relay'));
  return context;
}

/** The ICE username fragment of the page's newest peer connection: an ICE restart changes it. */
export const iceUfrag = (page: Page): Promise<string | null> =>
  page.evaluate(() => {
    const peer = (window as unknown as { __peers: RTCPeerConnection[] }).__peers.at(-1);
    return /a=ice-ufrag:(\S+)/.exec(peer?.localDescription?.sdp ?? '')?.[1] ?? null;
  });

/** What the page said so far (recorded by instrumentSpeech). */
export const spoken = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { __spoken: { text: string }[] }).__spoken.map((s) => s.text));

/**
 * An init script: every text the app-wide polite live region showed (what a screen reader reads
 * out), and every text the call page's status line showed, each in order as the page drew it. A
 * text counts again only after the element showed something else or was emptied (a re-announcement).
 */
export function recordAnnouncements(): void {
  const w = window as unknown as { __announced: string[]; __statusTexts: string[] };
  w.__announced = [];
  w.__statusTexts = [];
  const last = new Map<string, string>();
  const watch = (selector: string, into: string[]) => {
    const text = document.querySelector(selector)?.textContent ?? '';
    if (last.get(selector) === text) return;
    last.set(selector, text);
    if (text) into.push(text);
  };
  new MutationObserver(() => {
    watch('[data-testid="live-polite"]', w.__announced);
    watch('.call-status', w.__statusTexts);
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

/** What the app-wide polite live region announced so far (recordAnnouncements). */
export const announced = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { __announced: string[] }).__announced);

/** Every text the call status line showed so far (recordAnnouncements). */
export const statusTexts = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { __statusTexts: string[] }).__statusTexts);

/** The element with keyboard focus: its tag and its accessible name (label, else its text). */
export const focused = (page: Page): Promise<{ tag: string; name: string }> =>
  page.evaluate(() => {
    const el = document.activeElement;
    // <body> (focus lost) has no name of its own: its whole text would only bury the failure
    if (!el || el === document.body) return { tag: el?.tagName ?? 'NONE', name: '' };
    const labelled = el instanceof HTMLInputElement ? el.labels?.[0]?.textContent : null;
    return {
      tag: el.tagName,
      name: (el.getAttribute('aria-label') ?? labelled ?? el.textContent ?? '').trim(),
    };
  });

/** Presses Tab (and nothing else) until the control named `name` has focus; fails after `most` presses. */
export async function tabTo(page: Page, name: string, most = 40): Promise<void> {
  for (let i = 0; i < most; i++) {
    if ((await focused(page)).name === name) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`"${name}" not reached in ${most} presses of Tab (on ${(await focused(page)).name})`);
}

/**
 * The page's newest peer connection reports its media path down ('disconnected') or back
 * ('connected') to the app's own handler, as the browser does on a network change: the call's
 * reconnecting state without breaking a network (video-calls-reconnect.e2e.ts breaks a real one).
 */
export async function reportMediaPath(page: Page, state: 'disconnected' | 'connected'): Promise<void> {
  await page.evaluate((to) => {
    const peer = (window as unknown as { __peers: RTCPeerConnection[] }).__peers.at(-1);
    if (!peer) throw new Error('no peer connection');
    // the instance's own value hides the prototype's getter; deleting it shows the real state again
    if (to === 'disconnected')
      Object.defineProperty(peer, 'connectionState', { value: to, configurable: true });
    else delete (peer as unknown as { connectionState?: string }).connectionState;
    peer.dispatchEvent(new Event('connectionstatechange'));
  }, state);
}
