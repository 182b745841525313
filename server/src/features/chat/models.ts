import { APP } from '@hangar/contract';
import type { Config } from '../../config.ts';
import { AppError } from '../../platform/errors.ts';
import type { AccessClaims } from '../../platform/identity/access-token.ts';
import { configuredModels, type ModelDefinition, OFFLINE_MODEL_ID, providerConfigured } from '../../providers/llm/catalogue.ts';

/** Which models a user sees (staging and Multi Modal rules) and whether each can answer. */
export function createChatModels(config: Config) {
  const all = configuredModels(config);
  const visible = (user: AccessClaims) =>
    all.filter((m) => (!m.stagingOnly || config.HANGAR_STAGING) && (!m.requiresApp || user.apps.includes(m.requiresApp)));

  return {
    forUser(user: AccessClaims) {
      const models = visible(user).map((m) => {
        const reason = providerConfigured(m.provider, config);
        return {
          id: m.id,
          title: m.title,
          description: m.description,
          icon: m.icon,
          available: reason === null,
          unavailableReason: reason,
          offline: m.provider === 'offline',
        };
      });
      const firstReal = models.find((m) => m.available && !m.offline);
      // gpt4 is the spec's default; without any provider the offline assistant answers.
      const defaultModel = models.find((m) => m.id === 'gpt4' && m.available)?.id ?? firstReal?.id ?? OFFLINE_MODEL_ID;
      return { models, defaultModel };
    },

    /** The model to answer with; a clear 400 when it is unknown, hidden from the user, or not configured. */
    pick(user: AccessClaims, id: string): ModelDefinition {
      const model = visible(user).find((m) => m.id === id);
      if (!model) {
        const hint = id === 'multimodal' && !user.apps.includes(APP.multiModal) ? ' It needs the GenAI/Multi Modal application.' : '';
        throw new AppError('BAD_REQUEST', `The model "${id}" is not available to you.${hint}`);
      }
      const reason = providerConfigured(model.provider, config);
      if (reason) throw new AppError('BAD_REQUEST', `${model.title} cannot answer: ${reason}. Choose another model.`);
      return model;
    },
  };
}
