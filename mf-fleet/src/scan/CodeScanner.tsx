import { BarcodeFormat, DecodeHintType } from '@zxing/library';
import { BrowserMultiFormatReader } from '@zxing/browser';
import type { IScannerControls } from '@zxing/browser';
import { Box } from '@rastro/shared';
import { useEffect, useRef } from 'react';

/** QR codes (a vehicle's sticker) and the barcodes a tracker's box or label carries its IMEI in. */
const formats = [BarcodeFormat.QR_CODE, BarcodeFormat.DATA_MATRIX, BarcodeFormat.CODE_128, BarcodeFormat.CODE_39, BarcodeFormat.EAN_13, BarcodeFormat.ITF];

export interface CodeScannerProps {
  /** The first code read; the camera stops. */
  onCode(text: string): void;
  /** The camera could not be opened (refused, none). */
  onError(error: unknown): void;
  label: string;
}

/**
 * The camera's picture with a live decoder (zxing), the rear camera preferred. Loaded on its own
 * (React.lazy) by the screens that scan, so no other screen downloads the decoder.
 */
export default function CodeScanner({ onCode, onError, label }: CodeScannerProps) {
  const video = useRef<HTMLVideoElement>(null);
  const callbacks = useRef({ onCode, onError });
  useEffect(() => {
    callbacks.current = { onCode, onError };
  });

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const reader = new BrowserMultiFormatReader(new Map([[DecodeHintType.POSSIBLE_FORMATS, formats]]));
    let controls: IScannerControls | null = null;
    let stopped = false;
    reader
      .decodeFromConstraints({ video: { facingMode: 'environment' } }, element, (result, _error, scanning) => {
        if (!result || stopped) return;
        stopped = true;
        scanning.stop();
        callbacks.current.onCode(result.getText());
      })
      .then(
        (started) => {
          controls = started;
          if (stopped) started.stop();
        },
        (error: unknown) => callbacks.current.onError(error),
      );
    return () => {
      stopped = true;
      controls?.stop();
    };
  }, []);

  return (
    <Box borderRadius="md" overflow="hidden" bg="black" maxW="420px" w="100%">
      <video ref={video} aria-label={label} data-testid="code-scanner" muted playsInline style={{ width: '100%', display: 'block' }} />
    </Box>
  );
}
