import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Copies `text` to the clipboard; says so on the button once done. */
export const CopyButton = ({ text, label }: { text: string; label: string }) => {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="btn btn-sm btn-outline-secondary"
      aria-label={label}
      onClick={() => {
        navigator.clipboard.writeText(text).then(
          () => {
            setCopied(true);
          },
          () => undefined, // no clipboard permission: the text can still be selected and copied
        );
      }}
    >
      <span aria-live="polite">{copied ? t('documents.copied') : t('documents.copy')}</span>
    </button>
  );
};
