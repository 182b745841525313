import type { MenuItem } from '@hangar/contract';
import { Check, CloudOff, Cpu, RotateCw } from 'lucide-react';
import { AppIcon } from '../../../ui/AppIcon';
import { Spinner } from '../../../ui/Spinner';
import type { ChatModel } from '../api';
import { FUNCTIONALITIES } from '../constants';
import { Modal } from './Modal';

interface ModelModalProps {
  models: readonly ChatModel[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  currentId: string;
  menuItems: readonly MenuItem[];
  onChoose: (model: ChatModel) => void;
  onOpenFunctionality: (item: MenuItem) => void;
  onClose: () => void;
}

/** MODEL: the models (unavailable ones shown disabled with their reason) and the functionalities the user holds. */
export function ModelModal({
  models,
  loading,
  failed,
  onRetry,
  currentId,
  menuItems,
  onChoose,
  onOpenFunctionality,
  onClose,
}: ModelModalProps) {
  const functionalities = FUNCTIONALITIES.flatMap((f) => {
    const item = menuItems.find((i) => i.id === f.tabId);
    return item ? [{ ...f, item }] : [];
  });
  return (
    <Modal title="Choose a model" onClose={onClose} width={560} icon={<Cpu className="size-5 shrink-0 text-fg-muted" aria-hidden />}>
      <div className="space-y-5 px-5 py-5">
        <section aria-labelledby="chat-models-title" className="space-y-2">
          <h3 id="chat-models-title" className="font-semibold text-fg-subtle text-xs uppercase tracking-wider">
            Models
          </h3>
          {loading && <Spinner label="Loading models..." />}
          {failed && (
            <p className="text-sm">
              The models could not be loaded.{' '}
              <button type="button" onClick={onRetry} className="inline-flex items-center gap-1 font-medium underline">
                <RotateCw className="size-3.5" aria-hidden /> Retry
              </button>
            </p>
          )}
          <ul className="space-y-2">
            {models?.map((model) => {
              const selected = model.id === currentId;
              const reasonId = `chat-model-reason-${model.id}`;
              return (
                <li key={model.id}>
                  <button
                    type="button"
                    disabled={!model.available}
                    aria-current={selected ? 'true' : undefined}
                    aria-describedby={model.available ? undefined : reasonId}
                    onClick={() => onChoose(model)}
                    className={`flex w-full items-start gap-3 rounded-xl border px-4 py-3 text-left transition ${
                      selected ? 'border-accent bg-surface' : 'border-line hover:border-accent hover:bg-surface'
                    } disabled:cursor-not-allowed disabled:opacity-55 disabled:hover:border-line disabled:hover:bg-transparent`}
                  >
                    <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-lg bg-surface-strong text-brand dark:text-fg">
                      {model.offline ? <CloudOff className="size-4" aria-hidden /> : <AppIcon name={model.icon} className="size-4" />}
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="flex flex-wrap items-center gap-2">
                        <span className="font-semibold">{model.title}</span>
                        {model.offline && (
                          <span className="rounded-full bg-surface-strong px-2 py-0.5 font-medium text-fg-muted text-xs">
                            Offline assistant, no language model
                          </span>
                        )}
                      </span>
                      <span className="mt-0.5 block text-fg-muted text-sm">{model.description}</span>
                      {!model.available && (
                        <span id={reasonId} className="mt-1 block font-medium text-red-700 text-xs dark:text-red-300">
                          Unavailable: {model.unavailableReason ?? 'not configured'}
                        </span>
                      )}
                    </span>
                    {selected && <Check className="mt-1 size-4 shrink-0 text-accent" aria-hidden />}
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
        {functionalities.length > 0 && (
          <section aria-labelledby="chat-functionalities-title" className="space-y-2">
            <h3 id="chat-functionalities-title" className="font-semibold text-fg-subtle text-xs uppercase tracking-wider">
              Functionalities
            </h3>
            <ul className="grid gap-2 sm:grid-cols-3">
              {functionalities.map((f) => (
                <li key={f.tabId}>
                  <button
                    type="button"
                    onClick={() => onOpenFunctionality(f.item)}
                    className="flex h-full w-full flex-col gap-1 rounded-xl border border-line px-3 py-3 text-left transition hover:border-accent hover:bg-surface"
                  >
                    <span className="flex items-center gap-2 font-semibold text-sm">
                      <AppIcon name={f.item.icon} className="size-4 shrink-0" />
                      {f.label}
                    </span>
                    <span className="text-fg-muted text-xs">{f.description}</span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </Modal>
  );
}
