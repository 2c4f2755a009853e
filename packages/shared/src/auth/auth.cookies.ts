/** Cookie and header names of the session (the spec names XSRF-TOKEN). */
export const REFRESH_COOKIE = 'srpf_refresh';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
