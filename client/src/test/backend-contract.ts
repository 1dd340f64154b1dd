/// <reference types="node" />
/**
 * One contract, two implementations: the cases where the firebase backend used to answer
 * differently from the embedded one, written once and run against both
 * (embedded.parity.test.ts over a real gateway, firebase.contract.test.ts on the Auth and
 * Firestore emulators with the gateway in firebase mode). The cases run in this order: the
 * last-admin cases count on the admins the earlier ones leave.
 */
import { describe } from 'vitest';
import { describeAccountControls, describeAdminEmails } from './backend-contract.accounts';
import { describeCatalogue } from './backend-contract.catalogue';
import type { TContractHarness } from './backend-contract.fixtures';
import { describeSavesAndHistory } from './backend-contract.history';

export { analysisEntry, CONTRACT_PASSWORD, practiceInput, type TContractHarness, type TContractUser } from './backend-contract.fixtures';

export function describeBackendContract(name: string, harness: TContractHarness): void {
  describe(`backend contract: ${name}`, () => {
    describeAdminEmails(harness);
    describeSavesAndHistory(harness);
    describeAccountControls(harness);
    describeCatalogue(harness);
  });
}
