import {
  SPEECH_RATE_DEFAULT,
  SPEECH_RATE_MAX,
  SPEECH_RATE_MIN,
  type AuthSession,
  type TokenPair,
  type User,
} from '@sfm/protocol';
import { create } from 'zustand';
import { platform } from '../platform/index.ts';
import { readStoredKey, StorageKey } from './storage-keys.ts';

export interface SessionState {
  token: string | null;
  refreshToken: string | null;
  user: User | null;
  speechRate: number;
  privacyAccepted: boolean;
  /** App start (spec §4) has finished in this page load. */
  initialized: boolean;
  adminToken: string | null;
}

export interface SessionActions {
  /** A fresh login or registration. */
  setSession(session: AuthSession): void;
  /** A rotated token pair (refresh). */
  setTokens(pair: TokenPair): void;
  setUser(user: User): void;
  setSpeechRate(rate: number): void;
  acceptPrivacy(): void;
  markInitialized(): void;
  setAdminToken(token: string | null): void;
  /** Clears token, refreshToken and user; privacyAccepted and speechRate stay (spec §4). */
  clearSession(): void;
  /** Re-reads everything from storage (tests, other tabs). */
  reloadFromStorage(): void;
}

export type SessionStore = SessionState & SessionActions;

const storage = platform.storage;

/**
 * The user this app stored (writeUser: a user the server sent). Its shape is checked against the
 * protocol's schema once the schemas load (app start's checkStoredUser), not here: zod is not in
 * the first download. App start awaits that check before any page shows.
 */
function readUser(): User | null {
  const raw = storage.get(StorageKey.user);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' ? (value as User) : null;
  } catch {
    return null;
  }
}

function normalizeSpeechRate(value: unknown): number {
  const rate = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(rate) || rate < SPEECH_RATE_MIN || rate > SPEECH_RATE_MAX) return SPEECH_RATE_DEFAULT;
  return rate;
}

function readState(): SessionState {
  const speechRaw = storage.get(StorageKey.speechRate);
  return {
    // the spec's authToken is the same token: one stored by an install that used it is taken over
    token: readStoredKey(storage, StorageKey.token),
    refreshToken: storage.get(StorageKey.refreshToken),
    user: readUser(),
    speechRate: speechRaw === null ? SPEECH_RATE_DEFAULT : normalizeSpeechRate(speechRaw),
    privacyAccepted: storage.get(StorageKey.privacyAccepted) === 'true',
    initialized: false,
    adminToken: storage.get(StorageKey.adminToken),
  };
}

function writeUser(user: User) {
  const { id, phone, nickname, userType, speechRate } = user;
  storage.set(StorageKey.user, JSON.stringify({ id, phone, nickname, userType, speechRate }));
}

/** The session, mirrored to localStorage on every change. */
export const useSession = create<SessionStore>()((set) => ({
  ...readState(),
  setSession({ token, refreshToken, user }) {
    storage.set(StorageKey.token, token);
    storage.set(StorageKey.refreshToken, refreshToken);
    writeUser(user);
    const speechRate = normalizeSpeechRate(user.speechRate);
    storage.set(StorageKey.speechRate, String(speechRate));
    set({ token, refreshToken, user, speechRate });
  },
  setTokens({ token, refreshToken }) {
    storage.set(StorageKey.token, token);
    storage.set(StorageKey.refreshToken, refreshToken);
    set({ token, refreshToken });
  },
  setUser(user) {
    writeUser(user);
    set({ user });
  },
  setSpeechRate(rate) {
    const speechRate = normalizeSpeechRate(rate);
    storage.set(StorageKey.speechRate, String(speechRate));
    set({ speechRate });
  },
  acceptPrivacy() {
    storage.set(StorageKey.privacyAccepted, 'true');
    set({ privacyAccepted: true });
  },
  markInitialized() {
    storage.set(StorageKey.initialized, 'true');
    set({ initialized: true });
  },
  setAdminToken(adminToken) {
    if (adminToken) storage.set(StorageKey.adminToken, adminToken);
    else storage.remove(StorageKey.adminToken);
    set({ adminToken });
  },
  clearSession() {
    storage.remove(StorageKey.token);
    storage.remove(StorageKey.refreshToken);
    storage.remove(StorageKey.user);
    set({ token: null, refreshToken: null, user: null });
  },
  reloadFromStorage() {
    set(readState());
  },
}));

/** Logged in = a token and a user are both present (spec §4). */
export const selectLoggedIn = (s: SessionState): boolean => Boolean(s.token && s.user);
