import type { SpeechInput, SpeechInputError } from '../../speech/index.ts';
import type { SceneContext } from './scene-context.ts';

/** Spec §9: voice question time-out. */
export const LISTEN_TIMEOUT_MS = 30_000;

export interface ListeningHooks {
  /** A question was heard (or typed): it is asked. */
  asked: (question: string) => void;
  /** Listening gave up (no microphone, a failed or missing recognizer): a conversation ends with it. */
  gaveUp: () => void;
}

/**
 * Listening for a question (qa: one per tap, dialogue: continuously): "please speak", then the
 * microphone; what is heard is shown as it comes and asked once final. It owns the recognizer and
 * the 30 s time-out of a single question; `stop` ends both.
 */
export class Listening {
  private input: SpeechInput | null = null;
  private unsubscribe: (() => void)[] = [];
  private timeLimit: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly ctx: SceneContext,
    private readonly hooks: ListeningHooks,
  ) {}

  /** The qa tap: listen, or stop listening (a recorder's stop still asks what it heard). */
  tap(): void {
    const { store } = this.ctx;
    if (store.state.listening && this.input?.resultAfterStop) {
      // a recorder: the tap ends the recording, and the question it heard is still asked
      this.input.stop();
      this.clearTimeLimit();
      return store.status(this.ctx.deps.t('seeForMe.status.recognizing'), {}, ['listening']);
    }
    if (store.state.listening) {
      this.stop();
      store.say('seeForMe.listen.ok');
      return;
    }
    if (store.busy) return;
    if (!this.ctx.cameraReady()) return store.say('seeForMe.camera.abnormal');
    void this.start(false);
  }

  /** `prompt`: "please speak" first (a dialogue's next turn listens without it). */
  async start(continuous: boolean, prompt = true): Promise<void> {
    const { store, deps } = this.ctx;
    const epoch = this.ctx.epoch();
    deps.speech.cancel();
    const input = deps.createSpeechInput({ continuous });
    if (!input) return this.voiceUnavailable();
    const granted = await deps.requestMicrophone();
    if (epoch !== this.ctx.epoch()) return;
    if (!granted) {
      this.hooks.gaveUp();
      return store.say('permission.microphoneDenied');
    }
    this.stop();
    this.input = input;
    this.unsubscribe = [
      input.onResult(({ text, isFinal }) => {
        if (epoch !== this.ctx.epoch()) return;
        if (isFinal) this.question(text);
        else store.set({ question: text });
      }),
      input.onError((error: SpeechInputError) => {
        if (epoch !== this.ctx.epoch()) return;
        // a passing error (a cloud business error) is shown while listening goes on
        if (error.recoverable)
          return store.status(error.message ?? deps.t(error.key, { code: error.code }), {}, ['listening']);
        if (error.key === 'speechInput.unavailable') return this.voiceUnavailable();
        this.stop();
        this.hooks.gaveUp();
        store.say(error.key, { code: error.code });
      }),
    ];
    store.status(deps.t('seeForMe.listen.listening'), { phase: 'listening', listening: true, question: '' }, [
      'listening',
    ]);
    // never listen to our own voice: "please speak" first, then the microphone
    if (prompt) await deps.speech.speak(deps.t('seeForMe.listen.pleaseSpeak'));
    if (epoch !== this.ctx.epoch() || this.input !== input) return;
    input.start();
    if (!continuous) {
      this.timeLimit = setTimeout(() => {
        if (this.input !== input) return;
        // a question heard but never marked final is still the user's question
        if (store.state.question.trim()) return this.question(store.state.question);
        this.stop();
        store.say('seeForMe.listen.timeout');
      }, LISTEN_TIMEOUT_MS);
    }
  }

  /** A question heard or typed: listening ends and the question is asked. */
  question(text: string): void {
    const question = text.trim();
    if (!question) return;
    this.stop();
    this.ctx.store.set({ question });
    this.hooks.asked(question);
  }

  stop(): void {
    const { store } = this.ctx;
    this.clearTimeLimit();
    for (const off of this.unsubscribe) off();
    this.unsubscribe = [];
    this.input?.stop();
    this.input = null;
    if (store.state.listening)
      store.set({ listening: false, ...(store.state.phase === 'listening' ? { phase: 'idle' } : {}) });
  }

  private clearTimeLimit(): void {
    if (this.timeLimit) clearTimeout(this.timeLimit);
    this.timeLimit = null;
  }

  /**
   * No recognizer works here: said once per page load, then each tap that would listen moves to the
   * typed question instead (the screen shows it while voice input is unavailable).
   */
  private voiceUnavailable(): void {
    const { store, deps } = this.ctx;
    this.stop();
    this.hooks.gaveUp();
    if (store.state.phase === 'listening') store.set({ phase: 'idle' });
    store.say(deps.claimUnavailableNotice() ? 'seeForMe.typed.unavailable' : 'seeForMe.typed.hint');
    store.set({ typedQuestionSeq: store.state.typedQuestionSeq + 1 });
  }
}
