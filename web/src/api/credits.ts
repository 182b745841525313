import { CREDITS, CreditRequestStatus, CreditResponse, CurrentUserData } from '@hangar/contract';
import { apiFetch, apiJson } from './client';

export const creditQueryKeys = {
  all: ['credits'] as const,
  balance: ['credits', 'balance'] as const,
  profile: ['credits', 'profile'] as const,
  status: ['credits', 'status'] as const,
};

/** The caller's remaining GenAI credits. A failure is the caller's to handle (the shell logs out). */
export async function fetchRemainingCredit(): Promise<number> {
  return (await apiJson('/api/credit', CreditResponse)).remaining_credit;
}

// Spec section 3: "creditLimit (default 5000 if absent)". Only the limit is read here.
const CreditLimitOnly = CurrentUserData.pick({ creditLimit: true }).partial();

/** The caller's credit limit from their profile; the default limit when it is absent. */
export async function fetchCreditLimit(): Promise<number> {
  const { creditLimit } = await apiJson('/api/admin/user_management/get_current_user_data', CreditLimitOnly);
  return creditLimit ?? CREDITS.defaultLimit;
}

/** Whether the caller has a credit request waiting. A failure counts as "no" (spec section 8). */
export async function fetchCreditRequestPending(): Promise<boolean> {
  try {
    return (await apiJson('/api/admin/credits_management/get_current_user_credits_requests_status', CreditRequestStatus)).isPending;
  } catch (error) {
    console.warn('Credit request status could not be read; treated as no pending request.', error);
    return false;
  }
}

export interface NewCreditRequest {
  creditAsked: number;
  message?: string;
}

/** Asks the administrators for more credits. Throws an ApiError on 400 (bad amount) or 409 (one already pending). */
export async function createCreditRequest(request: NewCreditRequest): Promise<void> {
  await apiFetch('/api/admin/credits_management/create_credits_request', {
    method: 'POST',
    body: JSON.stringify(request),
  });
}
