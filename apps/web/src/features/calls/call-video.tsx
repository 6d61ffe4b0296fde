import { useEffect, useRef } from 'react';

export interface CallVideoProps {
  stream: MediaStream | null;
  label: string;
  /** The own preview: never played back (no echo). */
  muted?: boolean;
  /** The other side sends its voice only (a helper): an audio element, nothing to see. */
  audioOnly?: boolean;
  className?: string;
}

/** Plays a stream: the other side's video and voice, or the own preview. */
export function CallVideo({ stream, label, muted = false, audioOnly = false, className }: CallVideoProps) {
  const media = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  useEffect(() => {
    const element = media.current;
    if (!element) return;
    element.srcObject = stream;
    if (stream) void element.play().catch(() => undefined);
  }, [stream]);
  const side = muted ? 'local' : 'remote';
  if (audioOnly) return <audio ref={media} aria-label={label} autoPlay data-call-media={side} />;
  return (
    <video
      ref={media}
      className={className}
      aria-label={label}
      autoPlay
      playsInline
      muted={muted}
      data-call-media={side}
    />
  );
}
