import { UPLOAD_CHUNK_BYTES } from '@spotlist/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveBlob } from './download';
import { FilePathError, filePath } from './native/files';

/** @capacitor/filesystem and @capacitor/share at their imports: the file as the native side would write it. */
const native = vi.hoisted(() => {
  const files = new Map<string, Buffer>();
  const decode = (data: string) => Buffer.from(data, 'base64');
  return {
    files,
    Filesystem: {
      checkPermissions: vi.fn(async () => ({ publicStorage: 'granted' })),
      requestPermissions: vi.fn(async () => ({ publicStorage: 'granted' })),
      writeFile: vi.fn(async ({ path, data }: { path: string; data: string }) => {
        files.set(path, decode(data));
        return { uri: `file:///storage/emulated/0/Documents/${path}` };
      }),
      appendFile: vi.fn(async ({ path, data }: { path: string; data: string }) => {
        files.set(path, Buffer.concat([files.get(path) ?? Buffer.alloc(0), decode(data)]));
      }),
    },
    Share: { share: vi.fn(async () => ({})) },
  };
});
vi.mock('@capacitor/filesystem', () => ({ Filesystem: native.Filesystem, Directory: { Documents: 'DOCUMENTS' } }));
vi.mock('@capacitor/share', () => ({ Share: native.Share }));

const MiB = 1024 * 1024;
const bytes = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 7 + (i >> 10)) % 256);
const decodedLength = (call: unknown[]) => Buffer.from((call[0] as { data: string }).data, 'base64').length;

afterEach(() => {
  delete (globalThis as { Capacitor?: unknown }).Capacitor;
  native.files.clear();
  vi.clearAllMocks();
});

describe('saveBlob in a browser', () => {
  it("downloads through a link with the file's name, and writes nothing natively", async () => {
    const clicked: { download: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ download: this.download, href: this.href });
    });
    URL.createObjectURL = vi.fn(() => 'blob:http://localhost/1');
    URL.revokeObjectURL = vi.fn();
    await saveBlob(new Blob(['{}'], { type: 'application/json' }), 'spotlist-export-7-2026-01-02.json');
    expect(clicked).toEqual([{ download: 'spotlist-export-7-2026-01-02.json', href: 'blob:http://localhost/1' }]);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(native.Filesystem.writeFile).not.toHaveBeenCalled();
  });
});

describe('saveBlob in the native shells', () => {
  beforeEach(() => {
    Object.assign(globalThis, { Capacitor: { isNativePlatform: () => true, getPlatform: () => 'android' } });
  });

  it('writes a 2.5 MiB file in 1 MiB pieces (writeFile, then appendFile per piece) into Documents, then shares it', async () => {
    expect(UPLOAD_CHUNK_BYTES).toBe(MiB); // SPEC §9
    const content = bytes(2.5 * MiB);
    await saveBlob(new Blob([content]), 'list-4.csv');

    expect(native.Filesystem.writeFile).toHaveBeenCalledTimes(1);
    expect(native.Filesystem.writeFile.mock.calls[0][0]).toMatchObject({
      path: 'Spotlist/list-4.csv',
      directory: 'DOCUMENTS',
      recursive: true,
    });
    expect(decodedLength(native.Filesystem.writeFile.mock.calls[0])).toBe(MiB);
    expect(native.Filesystem.appendFile.mock.calls.map(decodedLength)).toEqual([MiB, 0.5 * MiB]);
    for (const [options] of native.Filesystem.appendFile.mock.calls)
      expect(options).toMatchObject({ path: 'Spotlist/list-4.csv', directory: 'DOCUMENTS' });
    // the pieces make the file, byte for byte
    expect(native.files.get('Spotlist/list-4.csv')?.equals(content)).toBe(true);

    expect(native.Share.share).toHaveBeenCalledWith({
      title: 'list-4.csv',
      files: ['file:///storage/emulated/0/Documents/Spotlist/list-4.csv'],
    });
    expect(native.Share.share.mock.invocationCallOrder[0]).toBeGreaterThan(native.Filesystem.appendFile.mock.invocationCallOrder[1]);
  });

  it('writes a small file with one writeFile and an empty one as an empty file', async () => {
    await saveBlob(new Blob(['{"a":1}']), 'a.json');
    await saveBlob(new Blob([]), 'empty.txt');
    expect(native.Filesystem.appendFile).not.toHaveBeenCalled();
    expect(native.files.get('Spotlist/a.json')?.toString()).toBe('{"a":1}');
    expect(native.files.get('Spotlist/empty.txt')?.length).toBe(0);
  });

  it("refuses a name starting with '/' (SPEC §5) before writing anything", async () => {
    const saving = saveBlob(new Blob(['x']), '/x');
    await expect(saving).rejects.toBeInstanceOf(FilePathError);
    await expect(saving).rejects.toThrow('A directory or file name cannot start with \'/\': "/x"');
    expect(native.Filesystem.checkPermissions).not.toHaveBeenCalled();
    expect(native.Filesystem.writeFile).not.toHaveBeenCalled();
    expect(native.Share.share).not.toHaveBeenCalled();
  });

  it('keeps the file when the share sheet is closed without a choice', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    native.Share.share.mockRejectedValueOnce(new Error('Share canceled'));
    await expect(saveBlob(new Blob(['x']), 'x.txt')).resolves.toBeUndefined();
    expect(native.files.has('Spotlist/x.txt')).toBe(true);
  });

  it('asks for the storage permission where the system wants it (Android 10 and older) and fails without it', async () => {
    native.Filesystem.checkPermissions.mockResolvedValueOnce({ publicStorage: 'prompt' });
    native.Filesystem.requestPermissions.mockResolvedValueOnce({ publicStorage: 'denied' });
    await expect(saveBlob(new Blob(['x']), 'x.txt')).rejects.toThrow('the storage permission was refused');
    expect(native.Filesystem.writeFile).not.toHaveBeenCalled();
  });
});

describe('file paths (SPEC §5)', () => {
  it("joins a directory and a name, refusing either when it starts with '/' or climbs out with '..'", () => {
    expect(filePath('Spotlist', 'a.json')).toBe('Spotlist/a.json');
    expect(filePath('Spotlist/', 'a.json')).toBe('Spotlist/a.json');
    expect(filePath('', 'a.json')).toBe('a.json');
    expect(() => filePath('/Spotlist', 'a.json')).toThrow("cannot start with '/'");
    expect(() => filePath('Spotlist', '/a.json')).toThrow("cannot start with '/'");
    expect(() => filePath('Spotlist', '../a.json')).toThrow("cannot contain '..'");
    expect(() => filePath('Spotlist', '')).toThrow(FilePathError);
  });
});
