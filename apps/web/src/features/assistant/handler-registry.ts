/** Spec §3: handler priorities. */
export const HandlerPriority = { global: 100, page: 50, default: 0 } as const;

export type HandlerStatus = 'active' | 'inactive' | 'error';

/** What a handler will do with a text: the command's name (shown and spoken) and the action. */
export interface CommandMatch {
  command: string;
  run(): Promise<void> | void;
  /** The command speaks for itself (repeat, stop): no spoken "done" afterwards. */
  quiet?: boolean;
}

export interface CommandHandler {
  id: string;
  priority: number;
  status: HandlerStatus;
  /** The command this text asks for, or null when it is not this handler's. */
  match(text: string): CommandMatch | null;
}

/** Spec §5: in streaming (non-cloud) mode, results shorter than 3 characters are not commands. */
const STREAMING_MIN_CHARS = 3;

class HandlerAlreadyRegisteredError extends Error {
  override readonly name = 'HandlerAlreadyRegisteredError';
  constructor(readonly handlerId: string) {
    super('handler already registered');
  }
}

/** The assistant's handlers: the global ones (100), the current page's (50), defaults (0). */
export class HandlerRegistry {
  private readonly handlers = new Map<string, CommandHandler>();

  /** Registers a handler; an id can be registered only once. Returns the unregister. */
  register(handler: CommandHandler): () => void {
    if (this.handlers.has(handler.id)) throw new HandlerAlreadyRegisteredError(handler.id);
    this.handlers.set(handler.id, handler);
    return () => {
      if (this.handlers.get(handler.id) === handler) this.handlers.delete(handler.id);
    };
  }

  has(id: string): boolean {
    return this.handlers.has(id);
  }

  setStatus(id: string, status: HandlerStatus): void {
    const handler = this.handlers.get(id);
    if (handler) handler.status = status;
  }

  /** Active handlers, highest priority first (registration order among equals). */
  ordered(): CommandHandler[] {
    return [...this.handlers.values()]
      .filter((h) => h.status === 'active')
      .sort((a, b) => b.priority - a.priority);
  }

  /**
   * The first active handler (by priority) that takes the text. Blank text, and in streaming mode a
   * text of fewer than 3 characters, is nobody's. A handler that throws is marked 'error' and skipped.
   */
  resolve(text: string, options: { streaming?: boolean } = {}): CommandMatch | null {
    const clean = text.trim();
    if (!clean) return null;
    if (options.streaming && [...clean].length < STREAMING_MIN_CHARS) return null;
    for (const handler of this.ordered()) {
      try {
        const match = handler.match(clean);
        if (match) return match;
      } catch (error) {
        console.warn(`assistant handler ${handler.id} failed:`, error);
        handler.status = 'error';
      }
    }
    return null;
  }
}
