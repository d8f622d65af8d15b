import { useMemo } from 'react';
import { useApi } from './api';
import { usePublicConfig } from './public-config';

/**
 * The solver's `recognizeHandwriting` when the server has a recognition service (GET config/'s
 * `handwriting`): sends the pad's drawing to POST get_handwritten_latex/ and answers the text the
 * pad reads (spec 01 §5: JSON with the LaTeX, or no LaTeX for 'WrongLatex'). Undefined otherwise,
 * so the pad keeps Convert disabled and says why.
 */
export function useRecognizeHandwriting(): ((image: File) => Promise<string>) | undefined {
  const api = useApi();
  const { data } = usePublicConfig();
  const configured = data?.handwriting === true;
  return useMemo(
    () =>
      configured
        ? async (image: File) => {
            const { latex } = await api.upload('handwrittenLatex', {
              files: [
                {
                  field: 'picture_0',
                  file: image,
                  name: image.name,
                  formdata: { name: image.name, type: 'numeral', id: '' },
                },
              ],
            });
            return JSON.stringify({ latex });
          }
        : undefined,
    [api, configured],
  );
}
