import { defineRoute } from '../route-contract.ts';
import { ZMeAnswer, ZRequestOtpAnswer, ZRequestOtpRequest, ZSessionAnswer, ZSignupFields, ZVerifyOtpRequest } from '../auth.ts';
import { ZOkAnswer } from '../common.ts';

/** The auth calls: method, path, what each takes and answers. */
export const authCalls = {
  requestOtp: defineRoute({
    method: 'POST',
    path: '/auth/request-otp',
    body: ZRequestOtpRequest,
    response: ZRequestOtpAnswer,
  }),
  verifyOtp: defineRoute({
    method: 'POST',
    path: '/auth/verify-otp',
    body: ZVerifyOtpRequest,
    response: ZSessionAnswer,
  }),
  signup: defineRoute({
    method: 'POST',
    path: '/auth/signup',
    // The plain fields: the server answers a broker without an agency with agency_name_required.
    body: ZSignupFields,
    response: ZSessionAnswer,
    successStatus: 201,
  }),
  me: defineRoute({
    method: 'GET',
    path: '/auth/me',
    response: ZMeAnswer,
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/auth/logout',
    response: ZOkAnswer,
  }),
};
