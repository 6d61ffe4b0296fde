import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_NS } from '../../i18n/chat/index.ts';
import { mediaDevices } from '../../platform/media.ts';
import { requestWithRationale } from '../../ui/permission-overlay.tsx';
import { photoFromVideo } from './resize-photo.ts';

export interface ChatCameraProps {
  onPhoto: (photo: Blob) => void;
  onCancel: () => void;
  onFailure: (message: string) => void;
}

/** The rear camera's view and one button to take the photo (resized for the chat); closes with it. */
export function ChatCamera({ onPhoto, onCancel, onFailure }: ChatCameraProps) {
  const { t } = useTranslation(CHAT_NS);
  const video = useRef<HTMLVideoElement>(null);
  const take = useRef<HTMLButtonElement>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let closed = false;
    const devices = mediaDevices();
    const open = async () => {
      if (!devices) throw new Error('no camera API');
      stream = await requestWithRationale('camera', () =>
        devices.getUserMedia({ video: { facingMode: 'environment', width: { ideal: 1280 } }, audio: false }),
      );
      if (closed || !video.current) return;
      video.current.srcObject = stream;
      await video.current.play();
      setReady(true);
      take.current?.focus();
    };
    open().catch(() => {
      if (!closed) onFailure(t('attach.cameraFailed'));
    });
    return () => {
      closed = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [onFailure, t]);

  const shoot = async () => {
    if (!video.current) return;
    try {
      onPhoto(await photoFromVideo(video.current));
    } catch {
      onFailure(t('attach.failed'));
    }
  };

  return (
    <div className="chat-camera">
      <video
        ref={video}
        className="chat-camera__preview"
        aria-label={t('attach.preview')}
        muted
        playsInline
      />
      <div className="chat-camera__actions">
        <button
          ref={take}
          type="button"
          className="button button--primary"
          disabled={!ready}
          onClick={() => void shoot()}
        >
          {t('attach.take')}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('attach.cancel')}
        </button>
      </div>
    </div>
  );
}
