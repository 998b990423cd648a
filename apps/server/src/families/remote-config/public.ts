// What other families may use of remote-config: nothing yet (A/B tests will read published parameters here).
export {};
