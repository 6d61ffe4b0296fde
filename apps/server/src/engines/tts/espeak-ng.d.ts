declare module '@echogarden/espeak-ng-emscripten' {
  export interface ESpeakNGWorker {
    readonly samplerate: number;
    rate: number;
    pitch: number;
    volume: number;
    set_voice(name: string): number;
    /** The callback gets each audio block (possibly a view into wasm memory, valid only during the call); returning true aborts the synthesis. */
    synthesize(text: string, callback: (samples: Int16Array, events: unknown[]) => boolean): void;
  }
  export interface ESpeakNGModule {
    eSpeakNGWorker: new () => ESpeakNGWorker;
  }
  const createModule: (options?: Record<string, unknown>) => Promise<ESpeakNGModule>;
  export default createModule;
}
