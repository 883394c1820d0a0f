// Revealed under question 6 on Yes: an optional photo/video/document. The engine checks size
// and type (checkAttachment); a refused file raises the spec's alert (spec points 5 and 8).
import { useRef } from 'react';
import { checkAttachment } from '../core';

// Only a hint for the system file picker; the engine's checkAttachment decides.
const PICKER_HINT = 'image/*,video/*,.pdf,.doc,.docx,.txt,.heic,.heif,.mov,.mkv,.avi';

export function AttachmentField({ file, onChange }: { file: File | null; onChange: (file: File | null) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const choose = (chosen: File | undefined) => {
    if (input.current) input.current.value = ''; // lets the same file be chosen again after Remove
    if (!chosen) return;
    const refused = checkAttachment(chosen.size, chosen.type, chosen.name);
    if (refused) {
      window.alert(refused.message);
      return;
    }
    onChange(chosen);
  };
  return (
    <div className="field reveal attachment">
      <p className="label" id="attachment-label">
        Photo/Video Attachment <span className="optional">(optional)</span>
      </p>
      <p className="hint" id="attachment-hint">
        A photo, video or document of your challenge, up to 10 MB.
      </p>
      <input
        ref={input}
        id="attachment"
        className="visually-hidden"
        type="file"
        accept={PICKER_HINT}
        tabIndex={-1}
        aria-labelledby="attachment-label"
        onChange={(event) => choose(event.currentTarget.files?.[0])}
      />
      <div className="attachment__row">
        <button
          type="button"
          className="button button--secondary"
          aria-describedby="attachment-label attachment-hint"
          onClick={() => input.current?.click()}
        >
          Choose File
        </button>
        {file && (
          <>
            <span className="attachment__file" aria-live="polite">
              <span className="attachment__check" aria-label="Selected">
                ✓
              </span>{' '}
              <span className="attachment__name">{file.name}</span>
            </span>
            <button type="button" className="button button--ghost" onClick={() => onChange(null)} aria-label={`Remove ${file.name}`}>
              Remove
            </button>
          </>
        )}
      </div>
    </div>
  );
}
