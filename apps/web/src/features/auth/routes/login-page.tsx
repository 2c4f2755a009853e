export function Component() { return <div>login-page</div>; }
