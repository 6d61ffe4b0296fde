import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

// The reader's .wasm comes from our own build (Vite copies it beside the code): the package would
// otherwise fetch it from a CDN, which an offline device, and our privacy rules, do not have.
prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
  },
});

export { readBarcodes };
