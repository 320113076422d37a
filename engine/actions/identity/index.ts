// The identity actions beyond User.login/logout/current: entity switching, MFA, API tokens.
import { setRe } from './entity.js';
import { changeOtp, resetMfa } from './otp.js';
import { createToken, listTokens, revokeToken } from './api-token.js';

export const identityActions = [setRe, changeOtp, resetMfa, createToken, revokeToken, listTokens];
