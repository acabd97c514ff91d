import { useTranslation } from 'react-i18next';
import { AppModal } from '../components/app-modal';

interface LogoutModalProps {
  show: boolean;
  productName: string;
  onCancel: () => void;
  onConfirm: () => void;
}

/** "Logout Confirmation": static, so neither a backdrop click nor Escape closes it (SPEC §2). */
export const LogoutModal = ({ show, productName, onCancel, onConfirm }: LogoutModalProps) => {
  const { t } = useTranslation();
  return (
    <AppModal
      show={show}
      title={t('logout.title')}
      onCancel={onCancel}
      onConfirm={onConfirm}
      confirmLabel={t('logout.confirm')}
      isStatic
    >
      {t('logout.body', { product: productName })}
    </AppModal>
  );
};
