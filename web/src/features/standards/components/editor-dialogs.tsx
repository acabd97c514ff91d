import { useTranslation } from 'react-i18next';
import type { StandardDetail } from '../utils/standard-types';
import { PublishDialog } from './publish-dialog';
import { RetireDialog } from './retire-dialog';

interface EditorDialogsProps {
  dialog: 'publish' | 'retire' | null;
  detail: StandardDetail;
  /** The signed-in administrator's name, who signs a publication. */
  signer: string;
  onCancel: () => void;
  /** The version published or retired, and the notice saying so. */
  onDone: (next: StandardDetail, text: string) => void;
  onConflict: (text: string) => void;
}

/** The editor's open dialog: publish (an electronic signature) or retire. */
export const EditorDialogs = ({
  dialog,
  detail,
  signer,
  onCancel,
  onDone,
  onConflict,
}: EditorDialogsProps) => {
  const { t } = useTranslation();
  return (
    <>
      {dialog === 'publish' && (
        <PublishDialog
          detail={detail}
          signer={signer}
          onCancel={onCancel}
          onPublished={(published) => {
            onDone(
              published,
              t('standards.editor.published', {
                version: published.standard.version,
                name: published.standard.signature?.signerName ?? signer,
              }),
            );
          }}
          onConflict={onConflict}
        />
      )}
      {dialog === 'retire' && (
        <RetireDialog
          detail={detail}
          onCancel={onCancel}
          onRetired={(retired) => {
            onDone(retired, t('standards.editor.retired', { version: retired.standard.version }));
          }}
          onConflict={onConflict}
        />
      )}
    </>
  );
};
