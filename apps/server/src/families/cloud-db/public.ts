// What other families may use of Cloud DB: nothing yet (functions' admin client will come through here).
export {};
