import type { User } from '@spotlist/contracts';
import { api } from './api-client';
import { authStore } from './auth-store';
import { changeLanguage } from './i18n';
import { userLanguageById } from './language';
import { isUser } from './session-user';
import { local, session, STORAGE_KEYS } from './storage';

/**
 * Chooses the user language (SPEC §9: 1 English, 2 German). Logged out: stored locally, and
 * becomes the account's language at the next login in this tab (features/auth login). Logged
 * in: POST /api/myprofile/language as well; when that fails the language is still stored
 * locally (SPEC §8) and the error is reported like any API error. Empty or unknown ids are
 * ignored (SPEC §4).
 */
export async function chooseUserLanguage(id: number | string | null | undefined): Promise<void> {
  const language = userLanguageById(id);
  if (!language) return;
  const lang = { id: language.id, key: language.key };
  local.set(STORAGE_KEYS.userLanguage, String(lang.id));
  const stored = authStore.getState().stored;
  if (!stored) session.set(STORAGE_KEYS.pickedLanguage, String(lang.id));
  else {
    authStore.setLanguage(lang);
    try {
      // the structural check, not the zod schema: this module is part of the first bundle
      const user = await api.request<User>('/myprofile/language', {
        method: 'POST',
        body: { id: stored.id, language: { id: lang.id } },
        guard: isUser,
      });
      if (authStore.getState().stored) authStore.setUser(user);
    } catch {
      // stays stored locally; the error toast has been published
    }
  }
  await changeLanguage(lang.key);
}
