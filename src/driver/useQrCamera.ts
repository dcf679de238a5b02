import jsQR from 'jsqr';
import { type RefObject, useEffect, useState } from 'react';

const SCAN_INTERVAL_MS = 200;

/**
 * Opens the camera into `video` and decodes a frame every 200 ms with jsQR; each text read is
 * passed to `onText` (repeated reads of the same text only once). Stops the camera on unmount.
 */
export const useQrCamera = (
  video: RefObject<HTMLVideoElement | null>,
  onText: (text: string) => void,
): { failed: boolean } => {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let stopped = false;
    let last = '';
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });

    const scan = () => {
      const element = video.current;
      if (element && context && element.videoWidth > 0) {
        canvas.width = element.videoWidth;
        canvas.height = element.videoHeight;
        context.drawImage(element, 0, 0);
        const frame = context.getImageData(0, 0, canvas.width, canvas.height);
        const code = jsQR(frame.data, frame.width, frame.height);
        if (code && code.data !== last) {
          last = code.data;
          onText(code.data);
        }
      }
      if (!stopped) timer = window.setTimeout(scan, SCAN_INTERVAL_MS);
    };

    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (media) => {
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play();
        scan();
      })
      .catch(() => setFailed(true));

    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [video, onText]);
  return { failed };
};
