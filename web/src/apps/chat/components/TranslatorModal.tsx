import { Languages } from 'lucide-react';
import { useCredits } from '../../../shell/credits/CreditsProvider';
import { TranslatorScreen } from '../../translator';
import { Modal } from './Modal';

/** TRANSLATOR: the same translator as tab 3, in a modal; closing it leaves the screen and clears its session. */
export function TranslatorModal({ onClose }: { onClose: () => void }) {
  const credits = useCredits();
  return (
    <Modal title="Translator" width={760} onClose={onClose} icon={<Languages className="size-5 shrink-0 text-fg-muted" aria-hidden />}>
      <div className="px-5 py-5">
        <TranslatorScreen embedded remainingCredit={credits.remaining} onCreditsChanged={() => void credits.refresh()} />
      </div>
    </Modal>
  );
}
