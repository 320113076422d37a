// Argument schemas shared by the account actions. Form fields are optional strings here, so a
// missing one answers E_VALIDATION with the form's own message rather than a schema error.
import { Type } from '@sinclair/typebox';

export const FormText = (maxLength = 255) => Type.Optional(Type.String({ maxLength }));
/** A checkbox: true/false, 1/0 or "true"/"Y"/"on". */
export const Flag = Type.Optional(Type.Union([Type.Boolean(), Type.Integer(), Type.String({ maxLength: 10 })]));
export const Password = Type.String({ maxLength: 200 });
export const Userid = Type.String({ minLength: 1, maxLength: 100 });
export const Token = Type.String({ minLength: 1, maxLength: 200 });

export const RegistrationFields = {
  companyno: FormText(50),
  otherno: FormText(50),
  name: FormText(255),
  contactno: FormText(30),
  email: FormText(255),
  password: Type.Optional(Password),
  position2: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 999_999_999 }), Type.String({ maxLength: 20 })])),
  userid: FormText(100),
  /** "Y" after E_NEEDOVERRIDEUSERID: register another user id with an e-mail already in use. */
  newuserid: FormText(5),
};
