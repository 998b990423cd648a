// What other features may use of Cloud DB: nothing yet.
export {};
