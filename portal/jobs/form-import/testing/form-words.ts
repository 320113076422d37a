// How an import's description names the forms these tests make: code (their name is their code),
// entity and period end in words, the id beside. Spelled out, not computed, so a change of the
// words fails the tests.
export const formWords = (form: number, code: string, entity = 'Harbourline Bank Ltd') => `${code} of ${entity}, period ending 31/01/2026 (form ${form})`;
