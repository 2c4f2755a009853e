export function Component() { return <div>not-found-page</div>; }
