export function Component() { return <div>privacy-policy-page</div>; }
