import { describe, expect, it } from 'vitest';
import type { LoginInfo } from '../session/session-store';
import { profileStop, VERIFY_OFFICE, VERIFY_PROFILE } from './profile-gate';

const reUser = (over: Partial<LoginInfo> = {}): LoginInfo => ({
  id: 3,
  userid: 're',
  name: 'RE user',
  login_type: { name: 'RE', value: 2 },
  roles: {},
  permissions: {},
  RE: [
    { id: 1, name: 'One', sector: 1 },
    { id: 6, name: 'Six', sector: 1 },
  ],
  currentRE: 1,
  REPrimaryUser: 1,
  RESubUser: false,
  firstTimeLogin: false,
  VerifyBizInfo: true,
  VerifyOffice: true,
  position2_value: null,
  pwexpiry: { expired: false, message: '' },
  ...over,
});

describe('the profile gate', () => {
  it('lets a primary user with a verified profile and office go on', () => {
    expect(profileStop(reUser(), 1)).toBeNull();
  });

  it('sends a primary user with an unverified profile to the profile', () => {
    expect(profileStop(reUser({ VerifyBizInfo: false, VerifyOffice: false }), 1)).toEqual({ message: VERIFY_PROFILE, to: '/re/reprofile' });
  });

  it('sends a primary user with unverified office details to the office tab', () => {
    expect(profileStop(reUser({ VerifyOffice: false }), 1)).toEqual({ message: VERIFY_OFFICE, to: '/re/reprofile?tab_id=39' });
  });

  it('holds only the primary user of the entity being worked in', () => {
    expect(profileStop(reUser({ VerifyBizInfo: false }), 6)).toBeNull();
    expect(profileStop(reUser({ VerifyBizInfo: false, REPrimaryUser: null, RESubUser: true }), 1)).toBeNull();
  });

  it('never holds users who are not RE users, nor a visitor', () => {
    expect(profileStop(reUser({ VerifyBizInfo: false, login_type: { name: 'IRU', value: 1 } }), 1)).toBeNull();
    expect(profileStop(null, null)).toBeNull();
  });
});
