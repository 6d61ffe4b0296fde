/**
 * The document channel's entry (the registry's `live` loads this): the channel over the on-device
 * OCR (../ocr/: a worker, or the server's OCR on a device measured too slow) and the device's
 * document store.
 */
import { CHANNEL_DOCUMENT_NS } from '../../../../i18n/channel-document/index.ts';
import { i18n } from '../../../../i18n/index.ts';
import type { LiveChannel } from '../live-channel.ts';
import { createOcrClient } from '../ocr/ocr-client.ts';
import { DocumentChannel } from './document-channel.ts';
import { IndexedDbDocuments } from './document-store.ts';

export function createDocumentChannel(): LiveChannel {
  const ocr = createOcrClient();
  let loaded = false;
  void ocr.ready.then(() => (loaded = true));
  return new DocumentChannel({
    // the biggest lines are enough to tell text cut off at a side; until the models are loaded the
    // guidance goes by the page's pixels alone (a page is read once they are)
    detector: {
      detectLines: (pixels, signal) =>
        loaded ? ocr.detectLines(pixels, signal, { extent: 'prominent' }) : Promise.resolve(null),
    },
    reader: { readLines: (pixels, signal) => ocr.readLines(pixels, signal, { extent: 'all' }) },
    documents: new IndexedDbDocuments(),
    // the namespace named here loads its texts with the channel
    t: (key, params) => i18n.t(key, { ...params, ns: CHANNEL_DOCUMENT_NS }),
    release: () => ocr.dispose(),
  });
}
