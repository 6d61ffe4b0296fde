import { Directory } from '@capacitor/filesystem';
import type { ChatImageFiles } from '../../src/platform/native-chat-images.ts';

/**
 * Test-only: the Filesystem plugin as the native shell answers it. The data folder's files hold
 * base64 text (`data`, by file name), readFile gives it back as a string, a missing file rejects,
 * and any folder but Directory.Data is refused.
 */
export class FakeFilesystem implements ChatImageFiles {
  readonly data = new Map<string, string>();

  writeFile: ChatImageFiles['writeFile'] = async ({ path, directory, data }) => {
    dataFolder(directory);
    if (typeof data !== 'string') throw new Error('native writeFile takes base64 text only');
    this.data.set(path, data);
    return { uri: `file:///data/${path}` };
  };

  readFile: ChatImageFiles['readFile'] = async ({ path, directory }) => {
    dataFolder(directory);
    const data = this.data.get(path);
    if (data === undefined) throw new Error('File does not exist.');
    return { data };
  };

  deleteFile: ChatImageFiles['deleteFile'] = async ({ path, directory }) => {
    dataFolder(directory);
    if (!this.data.delete(path)) throw new Error('File does not exist.');
  };

  readdir: ChatImageFiles['readdir'] = async ({ directory }) => {
    dataFolder(directory);
    const files = [...this.data.keys()].map((name) => ({
      name,
      type: 'file' as const,
      size: 0,
      ctime: 0,
      mtime: 0,
      uri: `file:///data/${name}`,
    }));
    return { files };
  };
}

function dataFolder(directory: Directory | undefined): void {
  if (directory !== Directory.Data) throw new Error(`expected Directory.Data, got ${String(directory)}`);
}
