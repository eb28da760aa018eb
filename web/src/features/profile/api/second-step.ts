import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  buildPath,
  mfaStatusResponseSchema,
  passkeyListResponseSchema,
  passkeyOptionsResponseSchema,
  passkeyResponseSchema,
  recoveryCodesResponseSchema,
  secondStepPaths,
  totpSetupResponseSchema,
} from '@um/contract';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { apiRequest } from '../../../lib/api-client';

const mfaKey = ['profile', 'mfa'] as const;
const passkeysKey = ['profile', 'passkeys'] as const;

/** The person's second steps and whether their role requires one. */
export function useSecondStep() {
  return useQuery(
    queryOptions({
      queryKey: mfaKey,
      queryFn: async ({ signal }) =>
        (await apiRequest(secondStepPaths.mfa, { schema: mfaStatusResponseSchema, signal })).data,
    }),
  );
}

export function usePasskeys() {
  return useQuery(
    queryOptions({
      queryKey: passkeysKey,
      queryFn: async ({ signal }) =>
        (await apiRequest(secondStepPaths.passkeys, { schema: passkeyListResponseSchema, signal }))
          .data,
    }),
  );
}

export function beginTotpSetup() {
  return apiRequest(secondStepPaths.totpSetup, { method: 'POST', schema: totpSetupResponseSchema });
}

/** Every change to the second steps refreshes the profile's view of them and the activity. */
function useSecondStepMutation<Input, Output>(run: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['profile'] }),
  });
}

export function useConfirmTotp() {
  return useSecondStepMutation(async (code: string) =>
    apiRequest(secondStepPaths.totpConfirm, {
      method: 'POST',
      body: { code },
      schema: recoveryCodesResponseSchema,
    }),
  );
}

export function useDisableTotp() {
  return useSecondStepMutation((password: string) =>
    apiRequest(secondStepPaths.totpDisable, { method: 'POST', body: { password } }),
  );
}

export function useRenewRecoveryCodes() {
  return useSecondStepMutation((password: string) =>
    apiRequest(secondStepPaths.recoveryCodes, {
      method: 'POST',
      body: { password },
      schema: recoveryCodesResponseSchema,
    }),
  );
}

/**
 * Adds a passkey: the server's challenge, the browser's prompt to make a passkey, and the answer
 * checked and kept by the server. `@simplewebauthn/browser` loads only when this runs.
 */
export function useAddPasskey() {
  return useSecondStepMutation(async (name: string) => {
    const [{ startRegistration }, { options }] = await Promise.all([
      import('@simplewebauthn/browser'),
      apiRequest(secondStepPaths.passkeyOptions, {
        method: 'POST',
        schema: passkeyOptionsResponseSchema,
      }),
    ]);
    const credential = await startRegistration({
      optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
    });
    return apiRequest(secondStepPaths.passkeys, {
      method: 'POST',
      body: { name, credential },
      schema: passkeyResponseSchema,
    });
  });
}

export function useRemovePasskey() {
  return useSecondStepMutation((id: number) =>
    apiRequest(buildPath(secondStepPaths.passkey, { id }), { method: 'DELETE' }),
  );
}
