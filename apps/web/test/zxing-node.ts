import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule as prepareReader, readBarcodes } from 'zxing-wasm/reader';
import { prepareZXingModule as prepareWriter, writeBarcode, type WriterOptions } from 'zxing-wasm/writer';

/**
 * zxing-wasm in node (the barcode channel's tests): its reader, and its writer for the symbologies
 * the tests do not draw themselves (Code 128, Data Matrix). Each .wasm is read from the package's
 * own file, as the page's build serves it, never fetched.
 */
const wasmOf = (path: string) => {
  const file = readFileSync(createRequire(import.meta.url).resolve(path));
  return file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer;
};
prepareReader({ overrides: { wasmBinary: wasmOf('zxing-wasm/reader/zxing_reader.wasm') } });
prepareWriter({ overrides: { wasmBinary: wasmOf('zxing-wasm/writer/zxing_writer.wasm') } });

export { readBarcodes };

/** A code of that format as a PNG, `scale` pixels a module. */
export async function writtenPng(
  text: string,
  format: NonNullable<WriterOptions['format']>,
  scale = 4,
): Promise<Buffer> {
  const { image, error } = await writeBarcode(text, { format, scale });
  if (!image) throw new Error(`zxing could not write ${format}: ${error}`);
  return Buffer.from(await image.arrayBuffer());
}
