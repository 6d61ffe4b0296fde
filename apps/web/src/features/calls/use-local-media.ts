import { useCallback, useRef, useState } from 'react';

/**
 * A call page's own camera and microphone: opened once when a call needs them (a second ask while
 * open is the same stream), stopped when the call is over. `open` answers whether they are open;
 * a refusal is the caller's to report.
 */
export function useLocalMedia(openStream: () => Promise<MediaStream>) {
  // `openStream` is stable (the session reads the page's newest opener when it is called)
  const current = useRef<MediaStream | null>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const open = useCallback(async (): Promise<boolean> => {
    if (current.current) return true;
    try {
      current.current = await openStream();
      setStream(current.current);
      return true;
    } catch {
      return false;
    }
  }, [openStream]);

  const stop = useCallback(() => {
    for (const track of current.current?.getTracks() ?? []) track.stop();
    current.current = null;
    setStream(null);
  }, []);

  /** The open stream, or an empty one (the call goes on without this side's media). */
  const sending = useCallback(() => current.current ?? new MediaStream(), []);

  const isOpen = useCallback(() => current.current !== null, []);

  return { stream, open, stop, sending, isOpen };
}
