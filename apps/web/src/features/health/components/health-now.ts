import { createContext, useContext } from 'react';

/**
 * The moment the page's figures were read (the query's dataUpdatedAt): 'x minutes ago' counts from
 * it, so a render stays pure and the times move on with each 30-second refresh.
 */
export const HealthNowContext = createContext(0);

export const useHealthNow = () => useContext(HealthNowContext);
