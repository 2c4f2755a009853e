export function Component() { return <div>dashboard-page</div>; }
