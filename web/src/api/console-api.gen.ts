// Generated from the console API's route declarations (src/adapters/http/console-api) by
// `npm run gen:api`: do not edit. A test fails when this file is stale.
/* eslint-disable */

export interface paths {
    "/api/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with an e-mail address and password: the session's token, also set as the desk_session cookie
         * @description The school is the address's own, else the `x-tenant-slug` header names it. Failed attempts are limited per account and per source address (429 with Retry-After); at a school whose provider has passwords off, only school administrators may sign in with one (403).
         */
        post: operations["signIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End the session and clear the desk_session cookie */
        post: operations["signOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who is signed in, in which school, and what they may do there */
        get: operations["getSignedInUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a password with a setup link's token (a recovery or an invitation) */
        post: operations["useSetupLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/school": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The school of this address, and its single sign-on option, for the sign-in page */
        get: operations["getSignInSchool"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sso/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Start a sign-in with the school's provider: a redirect there (a browser's navigation, not a call) */
        get: operations["startSsoSignIn"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sso/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The provider's answer: signed in (the desk_session cookie) or refused, and back to the console */
        get: operations["completeSsoSignIn"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/sso": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The school's provider (never its secret), and the redirect URIs to register there */
        get: operations["getSsoSettings"];
        /** Set the school's provider: checked against its discovery document before it is kept */
        put: operations["configureSso"];
        post?: never;
        /** Remove the school's provider: everyone signs in with a password again */
        delete: operations["removeSso"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/loans/inventory": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The inventory: loaners a page at a time, with filters, search and tallies */
        get: operations["listLoans"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/loans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every loaner matching the filters, unpaged (the legacy list) */
        get: operations["listAllLoans"];
        put?: never;
        /** Add a loaner to a loan group, with the next number */
        post: operations["createLoan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/loans/{number}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Move a unit to another group, or correct its serial */
        patch: operations["updateLoan"];
        trace?: never;
    };
    "/api/loans/issue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Issue a loaner, named by its number or serial, to a person, until a due date or open-ended */
        post: operations["issueLoan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/loans/{number}/issue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue a loaner, named by its number in the path, to a person
         * @deprecated
         * @description Deprecated: an alias of `POST /api/loans/issue` (`issueLoan`), kept because it is published; the same use case with the same answers. Call that route instead.
         */
        post: operations["issueLoanByNumber"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/loans/return": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Take back a loaner, named by its number or serial, and say whom it came back from */
        post: operations["returnLoan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/loans/{number}/return": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Take a loaner, named by its number in the path, back into the pool (a body is not read)
         * @deprecated
         * @description Deprecated: an alias of `POST /api/loans/return` (`returnLoan`), kept because it is published; the same use case with the same answers. Call that route instead.
         */
        post: operations["returnLoanByNumber"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/loans/{number}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One loaner with its history (issues, returns, reminders sent) and its reminder e-mails */
        get: operations["getLoanHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/loans/{number}/remind": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** E-mail the holder (and a pupil’s guardians) about this issued loan now; at most once an hour per loan (429 with Retry-After; a body is not read) */
        post: operations["remindLoan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/loans/{number}/withdraw": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Take a loaner out of service (a body is not read) */
        post: operations["withdrawLoan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/loans/{number}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Put a withdrawn loaner back into service (a body is not read) */
        post: operations["restoreLoan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/loan-groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The loan groups the caller may see, with their tallies */
        get: operations["listLoanGroups"];
        put?: never;
        /** Add a loan group */
        post: operations["createLoanGroup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/loan-groups/{groupId}/loans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add loaners to a loan group at once (a cart of 30), numbered in the order given: all or none */
        post: operations["addLoaners"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/loan-groups/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Rename a loan group */
        patch: operations["renameLoanGroup"];
        trace?: never;
    };
    "/api/loan-groups/{groupId}/withdraw": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Take every loaner of a group in the pool out of service at once; those out on loan stay with their holders */
        post: operations["withdrawLoanGroup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/loan-groups/{groupId}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Put every withdrawn loaner of a group back into service, but those a repair in hand keeps out */
        post: operations["restoreLoanGroup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reservations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Bookings by start, filtered by group, person, window and state */
        get: operations["listReservations"];
        put?: never;
        /** Book units of a loan group for a window */
        post: operations["createReservation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reservations/availability": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How many units of a group a booking of a window could have, and per day (a dry run) */
        get: operations["getAvailability"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reservations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One booking */
        get: operations["getReservation"];
        put?: never;
        post?: never;
        /** Cancel a booking (it stays, CANCELLED, as history) */
        delete: operations["cancelReservation"];
        options?: never;
        head?: never;
        /** Change an active booking's size, window, person or note */
        patch: operations["updateReservation"];
        trace?: never;
    };
    "/api/assistant/tools/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Run a tool of the catalogue as the signed-in user */
        post: operations["callAssistantTool"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List people by name, with filters, a page at a time */
        get: operations["listPeople"];
        put?: never;
        /** Add a pupil or a member of staff */
        post: operations["createPerson"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A person with the loans, devices, repairs and tickets the caller may see */
        get: operations["getPersonProfile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change a person's fields (null clears an optional one) */
        patch: operations["updatePerson"];
        trace?: never;
    };
    "/api/people/{id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Archive a leaver: kept with their history, left out of searches (a body is not read) */
        post: operations["archivePerson"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people/{id}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Bring an archived person back (a body is not read) */
        post: operations["restorePerson"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people/{id}/guardians": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Replace a pupil's guardians whole, in order (staff: 409) */
        put: operations["setGuardians"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people/{id}/agreements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record a pupil's acceptable-use agreement for the school year it was signed in (staff: 409) */
        post: operations["recordAgreement"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people/{id}/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A person’s account: entries newest first, the balance, this school year’s cover and claims */
        get: operations["getAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people/{id}/charges": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Charge a pupil (reduced to the deductible when covered and a claim is left) */
        post: operations["recordCharge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people/{id}/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record a payment (never more than what is owed) */
        post: operations["recordPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people/{id}/waivers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Waive part of what is owed, or of one charge (never more than is left) */
        post: operations["recordWaiver"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people/{id}/coverage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Mark a pupil covered by an insurance plan for a school year */
        put: operations["setCoverage"];
        post?: never;
        /** End a pupil’s cover for a school year (`?schoolYear=2026-2027`) */
        delete: operations["removeCoverage"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/charges": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who owes what (`?outstanding=true`): the longest-owing first, a page at a time */
        get: operations["listOutstanding"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/export/balances.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who owes what, as CSV */
        get: operations["exportOutstanding"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/devices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Search the register, ordered by serial */
        get: operations["searchDevices"];
        put?: never;
        /** Register a device: in stock, or in use when handed to someone at once */
        post: operations["createDevice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/devices/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A device with its newest 100 history entries */
        get: operations["getDeviceRecord"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Correct a device's fields (null clears an optional one) */
        patch: operations["updateDevice"];
        trace?: never;
    };
    "/api/devices/{id}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A device's whole history, newest first, a page at a time */
        get: operations["listDeviceHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/devices/{id}/assign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Hand a device to a person */
        post: operations["assignDevice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/devices/{id}/unassign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Take a device back into stock (a body, if any, is not read) */
        post: operations["unassignDevice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/devices/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Move a device to another status (in repair, retired...) */
        post: operations["changeDeviceStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/submissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Repair submissions, newest first, with filters, a page at a time */
        get: operations["listSubmissions"];
        put?: never;
        /** Lodge a repair submission against the serial of a device or loaner */
        post: operations["createSubmission"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/submissions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One repair submission (the query is not read) */
        get: operations["getSubmission"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/submissions/{id}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A repair's story: lodged, assigned, each status move with its note and cost, who and when */
        get: operations["getSubmissionHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/submissions/{id}/assign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Assign a NEW submission, or reassign an ASSIGNED one, to a staff member */
        post: operations["assignSubmission"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/submissions/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Move a repair along (IN_REPAIR, RESOLVED with its cost, CLOSED), and its register device with it */
        post: operations["changeSubmissionStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tickets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The queue, newest first, with filters, a page at a time */
        get: operations["listTickets"];
        put?: never;
        /** Open a ticket (for oneself, or for a requester the desk names) */
        post: operations["createTicket"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tickets/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One ticket */
        get: operations["getTicket"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Work a ticket: its status, priority or assignee (null: nobody) */
        patch: operations["updateTicket"];
        trace?: never;
    };
    "/api/tickets/{id}/comments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A ticket's conversation, oldest first (internal notes only for the desk) */
        get: operations["listTicketComments"];
        put?: never;
        /** Add a comment, or (the desk only) an internal note */
        post: operations["addTicketComment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/ticket-mail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What the signed-in member of staff hears of by e-mail for their teams' tickets */
        get: operations["getMyTicketMail"];
        /** Choose to hear by e-mail of new tickets and of requesters' answers for one's teams */
        put: operations["setMyTicketMail"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tickets/{id}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The e-mail the ticket wrote to its requester, with how each delivery went (the desk only) */
        get: operations["listTicketMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ticket-categories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The school's ticket categories, by name */
        get: operations["listTicketCategories"];
        put?: never;
        /** Add a ticket category (device, account and password, network…) */
        post: operations["createTicketCategory"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/teams": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The school's help-desk teams with their members, by name */
        get: operations["listTeams"];
        put?: never;
        /** Add a team of staff, its members in the order tickets go round them */
        post: operations["createTeam"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/teams/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Rename a team, change its members, or say who is away */
        patch: operations["updateTeam"];
        trace?: never;
    };
    "/api/routing-rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The routing rules, in the order they are tried */
        get: operations["listRoutingRules"];
        put?: never;
        /** Add a routing rule: which tickets (category, requester kind, priority) go to which team, and how */
        post: operations["createRoutingRule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/routing-rules/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a routing rule */
        delete: operations["deleteRoutingRule"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/canned-replies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The school's canned replies, by title */
        get: operations["listCannedReplies"];
        put?: never;
        /** Add a canned reply; its body may hold {requester}, {ticket}, {serial} and {me} */
        post: operations["createCannedReply"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/canned-replies/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a canned reply */
        delete: operations["deleteCannedReply"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tickets/{ticketId}/canned-replies/{replyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A canned reply filled for this ticket (the requester, its number, a serial they hold, who replies) */
        get: operations["fillCannedReply"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/closure-days": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The school's closure days, by start date */
        get: operations["listClosureDays"];
        put?: never;
        /**
         * Add a closure day or span (a bank holiday, a training day, a snow day)
         * @description Due times of the tickets still running move with it, in the same transaction.
         */
        post: operations["createClosureDay"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/closure-days/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a closure day */
        delete: operations["deleteClosureDay"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/closure-days/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import closure days from the school's calendar file (iCalendar)
         * @description The body is the file as `text/calendar` (RFC 5545, UTF-8), up to 1 MiB: what a school information system, Google Calendar or Outlook exports. Every event from a year back to two years ahead becomes a closure span (all-day events by their dates, DTEND exclusive; timed ones by the dates they touch in the school time zone; repeating ones expanded). An event imported before (its UID) is updated, never doubled; nothing is deleted. A file that cannot be read imports nothing: 400 naming what is wrong.
         */
        post: operations["importClosureDays"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mailboxes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The school's mailboxes Desk reads, by address (never their passwords) */
        get: operations["listMailboxes"];
        put?: never;
        /** Add a mailbox for Desk to read (IMAP over TLS) */
        post: operations["addMailbox"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mailboxes/unreadable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Messages Desk could not read, kept whole, newest first */
        get: operations["listUnreadableMail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mailboxes/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in to the mailbox as Desk would, and say what it found or why not */
        post: operations["testMailbox"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mailboxes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Stop reading a mailbox (its mail stays where it is) */
        delete: operations["removeMailbox"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tickets/{id}/attachments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A ticket's files, oldest first (an internal note's for the desk only) */
        get: operations["listTicketAttachments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tickets/{id}/attachments/{attachmentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download one of a ticket’s files */
        get: operations["getTicketAttachment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tickets/{id}/html": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How the messages that came by e-mail looked: their HTML, sanitised (no script, style or image) */
        get: operations["listTicketHtml"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/sign-in-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * E-mail a one-use sign-in link (15 minutes) to a person of the school, if the school allows links
         * @description The answer is the same whether or not the address is known, so it tells nobody who is at the school. Links are limited per address (three in 15 minutes, silently) and per source address (429 with Retry-After). The link opens `/portal/sign-in#token=…`; the page spends the token with `POST /api/portal/sign-in`.
         */
        post: operations["requestPortalSignInLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/sign-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Spend a sign-in link: a portal session, set as the desk_portal cookie
         * @description A link works once and for 15 minutes; a used, expired or unknown one is 401.
         */
        post: operations["signInToPortal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/sso/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sign in to the portal with the school's provider: a redirect there (a browser's navigation)
         * @description The same provider, callback and redirect URI as the console's sign-in (`/api/auth/sso/callback`); the verified address, inside the school's domains, names the person. Back to `returnTo` (a portal path) signed in, or with `sso=<reason>`.
         */
        get: operations["startPortalSsoSignIn"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/sign-out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End the portal session and clear the desk_portal cookie */
        post: operations["signOutOfPortal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who is signed in to the portal, and what the school offers them there */
        get: operations["getPortalMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/tickets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The requester's tickets, newest first (theirs, and those they filed for a pupil) */
        get: operations["listMyTickets"];
        put?: never;
        /**
         * Open a ticket (a teacher may open one for a pupil of their loan groups)
         * @description The school's routing rules apply as to every channel, and the requester is told by e-mail with the ticket's number.
         */
        post: operations["openMyTicket"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/tickets/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of the requester's tickets, with its public conversation and files */
        get: operations["getMyTicket"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/tickets/{id}/comments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Answer on a ticket: a waiting one opens again, a resolved one reopens inside its window */
        post: operations["replyToMyTicket"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/tickets/{id}/attachments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Attach a file (a photo of the fault) to a ticket, or to one of the requester's replies on it
         * @description The body is the file itself with its own Content-Type (`image/jpeg`…), up to the school's per-file limit (`maxFileBytes` in `GET /api/portal/me`); `name` is its file name.
         */
        post: operations["attachToMyTicket"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/tickets/{id}/attachments/{fileId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A file of the requester's ticket, as a download */
        get: operations["getMyTicketFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/repairs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The repairs the requester reported, newest first */
        get: operations["listMyRepairs"];
        put?: never;
        /** Report a problem with a device or loaner the requester holds: a repair submission */
        post: operations["reportDeviceProblem"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/loans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What the requester has on loan (with due dates) and their bookings to come */
        get: operations["listMyLoans"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/devices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The devices and loaners the requester (or a teacher's pupil) holds: what a problem may be reported on */
        get: operations["listMyDevices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/costs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The cost register, newest first, with filters, a page at a time */
        get: operations["listCosts"];
        put?: never;
        /** Record a cost by hand: a purchase, parts, a licence, or (below 0) a refund */
        post: operations["recordCost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/costs/breakdown": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Spend by type, coverage or period over a date range (default: the last 12 months) */
        get: operations["costBreakdown"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/monitors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The school's monitors with their state and last check, by name (at most 100: no paging) */
        get: operations["listMonitors"];
        put?: never;
        /** Watch an http or https address every interval */
        post: operations["createMonitor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/monitors/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One monitor: its settings, current state and last check */
        get: operations["getMonitor"];
        put?: never;
        post?: never;
        /** Stop watching an address */
        delete: operations["deleteMonitor"];
        options?: never;
        head?: never;
        /** Change a monitor's name, address, interval or expected status */
        patch: operations["updateMonitor"];
        trace?: never;
    };
    "/api/settings/alerts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The alert addresses set, and who an alert would go to now */
        get: operations["getAlertAddresses"];
        /** Set the alert addresses (null: back to the active school administrators) */
        put: operations["setAlertAddresses"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Server-sent events the user may see, from where the client resumes
         * @description Each event is `id`, `event` (its kind) and `data` (the webhook body, JSON). A reconnecting EventSource sends `Last-Event-ID`, which wins over `?after=`; an id too old for the replay starts with a reset.
         */
        get: operations["streamEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/import/people": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import people from a Desk or OneRoster 1.1 users.csv
         * @description The body is the file, as `text/csv` (UTF-8; gzip, deflate or br Content-Encoding), up to IMPORT_MAX_MB. A file with problems imports nothing: the 400 lists them by line and column.
         */
        post: operations["importPeople"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/import/devices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import devices into the register
         * @description The body is the file, as `text/csv` (UTF-8; gzip, deflate or br Content-Encoding), up to IMPORT_MAX_MB. A file with problems imports nothing: the 400 lists them by line and column.
         */
        post: operations["importDevices"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/import/loans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import loaner units and their loan groups
         * @description The body is the file, as `text/csv` (UTF-8; gzip, deflate or br Content-Encoding), up to IMPORT_MAX_MB. A file with problems imports nothing: the 400 lists them by line and column.
         */
        post: operations["importLoans"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/export/people.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** People as CSV, with the filters of the list */
        get: operations["exportPeople"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/export/devices.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The register as CSV, with the filters of the list */
        get: operations["exportDevices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/export/loans.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The loaner pool as CSV, with the filters of the list */
        get: operations["exportLoans"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/export/submissions.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Repair submissions as CSV, with the filters of the list */
        get: operations["exportSubmissions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/export/tickets.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Tickets as CSV, with the filters of the list */
        get: operations["exportTickets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The staff accounts by e-mail, a page at a time, and the roles the caller may give */
        get: operations["listUsers"];
        put?: never;
        /** Add a staff account, with an invitation to choose a password when asked */
        post: operations["createUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change a user's name, role, loan groups or whether they may sign in */
        patch: operations["updateUser"];
        trace?: never;
    };
    "/api/users/{id}/invite": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make a new invitation link for a user (replacing any open one; a body is not read)
         * @description A user who already has a password gets one only from a caller with `password.reset` (403 otherwise).
         */
        post: operations["inviteUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The keys (never the keys themselves), and the scopes the caller may give a new one */
        get: operations["listApiKeys"];
        put?: never;
        /** Make a key: shown once, with an MCP client configuration that uses it */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a key: refused from its next request on */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/modules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every module, on or off, and whether the caller may switch them */
        get: operations["listModules"];
        /** Set which modules are on (every other one goes off); school administrators only */
        put: operations["setModules"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/school": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The school's name, time zone, currency and host names; school administrators only */
        get: operations["getTenant"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change what is given of the name, time zone, currency and host names (the whole list); school administrators only */
        patch: operations["updateTenant"];
        trace?: never;
    };
    "/api/settings/school-year": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** When the school's year starts: the school's setting, or the defaults when it never saved one */
        get: operations["getSchoolYearSettings"];
        /** When the school's year starts: set it whole (a field left out takes its default); audited */
        put: operations["setSchoolYearSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/reminders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** E-mail reminders of overdue loans: the school's setting, or the defaults when it never saved one */
        get: operations["getRemindersSettings"];
        /** E-mail reminders of overdue loans: set it whole (a field left out takes its default); audited */
        put: operations["setRemindersSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/checkout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The checks at the desk when a loan is issued: the school's setting, or the defaults when it never saved one */
        get: operations["getCheckoutSettings"];
        /** The checks at the desk when a loan is issued: set it whole (a field left out takes its default); audited */
        put: operations["setCheckoutSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/insurance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Insurance cover of pupils’ charges: the school's setting, or the defaults when it never saved one */
        get: operations["getInsuranceSettings"];
        /** Insurance cover of pupils’ charges: set it whole (a field left out takes its default); audited */
        put: operations["setInsuranceSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/business-hours": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The help desk's hours: the school's setting, or the defaults when it never saved one */
        get: operations["getBusinessHoursSettings"];
        /** The help desk's hours: set it whole (a field left out takes its default); audited */
        put: operations["setBusinessHoursSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/service-targets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Service targets by priority: the school's setting, or the defaults when it never saved one */
        get: operations["getServiceTargetsSettings"];
        /** Service targets by priority: set it whole (a field left out takes its default); audited */
        put: operations["setServiceTargetsSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/ticket-mail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The help desk's e-mail to requesters: the school's setting, or the defaults when it never saved one */
        get: operations["getTicketMailSettings"];
        /** The help desk's e-mail to requesters: set it whole (a field left out takes its default); audited */
        put: operations["setTicketMailSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/portal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The requester portal: the school's setting, or the defaults when it never saved one */
        get: operations["getPortalSettings"];
        /** The requester portal: set it whole (a field left out takes its default); audited */
        put: operations["setPortalSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The audit log, newest first, filtered by actor, action, target and time, a page at a time */
        get: operations["searchAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/oauth/authorizations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What an app asks for, in words, for the consent page */
        get: operations["getAuthorization"];
        put?: never;
        /** Allow or deny an app: where the browser goes next (the app's redirect URI) */
        post: operations["decideAuthorization"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/oauth/grants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The apps connected in the caller's name, newest first; with all=true everyone's (user.manage) */
        get: operations["listGrants"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/oauth/grants/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Disconnect an app: its tokens stop working at once */
        delete: operations["revokeGrant"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The webhooks (never their secrets), and the event kinds the caller may subscribe to */
        get: operations["listWebhooks"];
        put?: never;
        /** Add a webhook: its signing secret is in this answer only */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A webhook */
        get: operations["getWebhook"];
        put?: never;
        post?: never;
        /** Remove a webhook and its delivery log */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        /** Change a webhook's URL, events, description, or turn it on or off (on again after Desk disabled it) */
        patch: operations["updateWebhook"];
        trace?: never;
    };
    "/api/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A new signing secret, shown once; the old one still signs for 24 hours (a body is not read) */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a `webhook.test` event now, and log it (a body is not read) */
        post: operations["testWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A webhook's delivery log, newest first, a page at a time */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}/deliveries/{deliveryId}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a logged delivery again now, with the same message id (a body is not read) */
        post: operations["resendWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This document: the console API as OpenAPI 3.1, generated from its route declarations */
        get: operations["getConsoleOpenApi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description RFC 9457 problem details. Match on `type`, never on `title` or `detail`. */
        Problem: {
            /** Format: uri */
            type: string;
            title: string;
            status: number;
            detail: string;
            /** @description Present on invalid input: one entry per problem. */
            errors?: {
                /** @description JSON Pointer (RFC 6901) to the field; empty for the whole input */
                pointer: string;
                detail: string;
            }[];
        } & {
            [key: string]: unknown;
        };
        AccountEntry: {
            id: string;
            personId: string;
            /** @enum {string} */
            kind: "charge" | "payment" | "waiver";
            /** @description Minor units of the school currency; for a charge, what the pupil owes (after any cover) */
            amountMinor: number;
            /** @description Why (a charge or a waiver) */
            reason: string | null;
            /** @description A charge: the amount before insurance cover */
            grossMinor: number | null;
            /** @description A charge: what the insurance cover took off (0 when none) */
            coveredMinor: number | null;
            /** @description A charge on a covered pupil: the cover's plan */
            plan: string | null;
            /** @description A charge that used one of the year’s insurance claims: that school year */
            claimYear: string | null;
            /** @description A charge for a repair: the submission */
            submissionId: string | null;
            /** @description A charge for a loaner: the loan */
            loanNumber: number | null;
            /** @description A payment: how it was paid */
            method: ("cash" | "cheque" | "card" | "online" | "other") | null;
            /** @description A payment: a receipt or transaction reference */
            reference: string | null;
            /** @description A waiver of one charge: that charge */
            chargeId: string | null;
            /** @description The id of the user (or key) who recorded it */
            recordedBy: string;
            /** @description ISO 8601 UTC */
            recordedAt: string;
        };
        Coverage: {
            personId: string;
            /** @description 2026-2027 */
            schoolYear: string;
            plan: string;
            recordedBy: string;
            /** @description ISO 8601 UTC */
            recordedAt: string;
        };
        OutstandingBalance: {
            personId: string;
            name: string;
            /** @description The class */
            userGroup: string | null;
            balanceMinor: number;
            /** @description When the oldest charge not yet settled was recorded (payments and waivers settle the oldest charges first) */
            oldestChargeAt: string;
        };
        EntryResult: {
            entry: components["schemas"]["AccountEntry"];
            /** @description What the pupil owes now */
            balanceMinor: number;
        };
        Account: {
            personId: string;
            /** @description What the person owes: charges − payments − waivers */
            balanceMinor: number;
            /** @description The school's currency: every amount is in its minor units */
            currency: string;
            /** @description Newest first */
            entries: components["schemas"]["AccountEntry"][];
            /** @description This school year, 2026-2027 */
            schoolYear: string;
            /** @description This school year's insurance cover, or null */
            coverage: components["schemas"]["Coverage"] | null;
            insurance: {
                deductibleMinor: number;
                claimsPerYear: number;
                /** @description Claims this school year already took */
                claimsUsed: number;
            };
        };
        ChargeResult: {
            entry: components["schemas"]["AccountEntry"];
            /** @description What the pupil owes now */
            balanceMinor: number;
            /**
             * @description claim: the cover took it down to the deductible; no_claims_left: covered, but this year’s claims are used; none: charged in full
             * @enum {string}
             */
            cover: "claim" | "no_claims_left" | "none";
        };
        CoverageResult: {
            coverage: components["schemas"]["Coverage"];
        };
        OutstandingList: {
            balances: components["schemas"]["OutstandingBalance"][];
            total: number;
            page: number;
            pageSize: number;
            /** @description The school's currency: every amount is in its minor units */
            currency: string;
        };
        ApiKey: {
            id: string;
            name: string;
            /** @description The key's first characters, to recognise it by */
            prefix: string;
            /** @description The permissions the key stands for */
            readonly scopes: string[];
            createdAt: string;
            expiresAt: string | null;
            lastUsedAt: string | null;
            revokedAt: string | null;
        };
        McpClientConfig: {
            mcpServers: {
                desk: {
                    /** @constant */
                    type: "http";
                    url: string;
                    headers: {
                        Authorization: string;
                    };
                };
            };
        };
        ApiKeyList: {
            apiKeys: components["schemas"]["ApiKey"][];
            /** @description The scopes the caller may give a new key (what they hold) */
            grantableScopes: ("person.view" | "loan.view" | "loan.issue" | "loan.return" | "repair.view" | "repair.create" | "repair.assign" | "ticket.view" | "device.view" | "cost.view" | "webhook.manage" | "monitor.manage" | "event.subscribe" | "audit.view" | "person.manage" | "device.manage" | "loan.manage" | "ticket.create" | "ticket.manage" | "repair.manage" | "cost.manage" | "reservation.manage" | "reservation.create" | "charge.manage")[];
        };
        CreatedApiKey: {
            apiKey: components["schemas"]["ApiKey"];
            /** @description The key itself, shown once: `Authorization: Bearer <key>` */
            key: string;
            /** @description An MCP client's configuration with the key, ready to paste */
            mcpConfig: components["schemas"]["McpClientConfig"];
        };
        AuditEntry: {
            id: string;
            actor: {
                /** @enum {string} */
                type: "user" | "apiKey" | "operator" | "anonymous" | "system" | "person";
                id: string;
                /** @description The app a person acted through (an OAuth grant's client name) */
                via?: string;
            };
            action: string;
            /** @description What was acted on: `loan:12`, `user:<id>`... */
            target: string;
            at: string;
            readonly details: {
                [key: string]: unknown;
            };
        };
        AuditPage: {
            entries: {
                id: string;
                actor: {
                    /** @enum {string} */
                    type: "user" | "apiKey" | "operator" | "anonymous" | "system" | "person";
                    id: string;
                    /** @description The app a person acted through (an OAuth grant's client name) */
                    via?: string;
                    /** @description Who acted, in words: a member of staff's name, an API key's name, 'Command line' (an operator), 'Desk' (Desk itself) or 'Someone not signed in' */
                    name: string;
                };
                action: string;
                /** @description What was acted on: `loan:12`, `user:<id>`... */
                target: string;
                at: string;
                readonly details: {
                    [key: string]: unknown;
                };
                /** @description The names of the records this entry's target and details refer to by id (a person, a member of staff, a loan group, an API key), by id */
                names: {
                    [key: string]: string;
                };
            }[];
            total: number;
            page: number;
            pageSize: number;
        };
        SessionUser: {
            id: string;
            email: string;
            name: string;
            /** @enum {string} */
            role: "school-admin" | "technician" | "loan-desk" | "teacher" | "read-only";
            /** @description The loan groups a teacher sees (empty: none) */
            readonly loanGroupIds: string[];
        };
        SignedIn: {
            /** @description The session token: `Authorization: Bearer <token>`, or the `desk_session` cookie */
            token: string;
            expiresAt: string;
            user: components["schemas"]["SessionUser"];
        };
        SignedInUser: {
            user: components["schemas"]["SessionUser"];
            tenant: {
                slug: string;
                name: string;
                timeZone: string;
                currency: string;
            };
            /** @description The effective permissions: the role's, plus `module.<x>` per module that is on */
            permissions: string[];
            /** @description The modules that are on, in catalogue order */
            modules: ("integrations" | "people" | "loans" | "repairs" | "servicedesk" | "assets" | "costs" | "events")[];
        };
        SetupDone: {
            /** @constant */
            ok: true;
            /** @description The address to sign in with */
            email: string;
            /** @description The school to sign in to */
            school: {
                slug: string;
                name: string;
            };
            /** @description What to do next, in words */
            next: string;
        };
        SignInSchool: {
            /** @description The school of this address; null on a shared address (the page asks for the school's short name) */
            school: {
                slug: string;
                name: string;
                /** @description "Sign in with <label>", when the school has an OpenID provider */
                sso: {
                    label: string;
                } | null;
                /** @description Whether the school's requester portal is on, and takes sign-in links by e-mail */
                portal: {
                    enabled: boolean;
                    signInLinks: boolean;
                };
            } | null;
        };
        OAuthClientView: {
            id: string;
            name: string;
            /** @description The host of the app's metadata document, when it is known by one (who vouches for the name) */
            host: string | null;
        };
        ConsentView: {
            id: string;
            client: components["schemas"]["OAuthClientView"];
            /** @description Where the person goes back to after choosing (the redirect URI's host) */
            redirectHost: string;
            school: {
                slug: string;
                name: string;
            };
            /** @description What the app would get: what it asked for that this person holds */
            readonly scopes: {
                /** @enum {string} */
                name: "person.view" | "loan.view" | "loan.issue" | "loan.return" | "repair.view" | "repair.create" | "repair.assign" | "ticket.view" | "device.view" | "cost.view" | "webhook.manage" | "monitor.manage" | "event.subscribe" | "audit.view" | "person.manage" | "device.manage" | "loan.manage" | "ticket.create" | "ticket.manage" | "repair.manage" | "cost.manage" | "reservation.manage" | "reservation.create" | "charge.manage";
                description: string;
            }[];
            /** @description Whether the school lets apps in at all (the Integrations module): if not, the app cannot connect yet */
            integrationsEnabled: boolean;
            expiresAt: string;
        };
        ConnectedApp: {
            id: string;
            client: components["schemas"]["OAuthClientView"];
            /** @description Whose app it is (in everyone's list, `all=true`, the point); null when the account is gone */
            user: {
                id: string;
                name: string;
                email: string;
            } | null;
            readonly scopes: {
                /** @enum {string} */
                name: "person.view" | "loan.view" | "loan.issue" | "loan.return" | "repair.view" | "repair.create" | "repair.assign" | "ticket.view" | "device.view" | "cost.view" | "webhook.manage" | "monitor.manage" | "event.subscribe" | "audit.view" | "person.manage" | "device.manage" | "loan.manage" | "ticket.create" | "ticket.manage" | "repair.manage" | "cost.manage" | "reservation.manage" | "reservation.create" | "charge.manage";
                description: string;
            }[];
            createdAt: string;
            lastUsedAt: string | null;
        };
        AuthorizationResult: {
            authorization: components["schemas"]["ConsentView"];
        };
        AuthorizationDecision: {
            /** @description The app's redirect URI, with the code (allowed) or the error (denied) */
            redirectTo: string;
        };
        ConnectedAppPage: {
            grants: components["schemas"]["ConnectedApp"][];
            total: number;
            page: number;
            pageSize: number;
        };
        CostEntry: {
            id: string;
            /** @enum {string} */
            type: "REPAIR" | "PURCHASE" | "PARTS" | "LICENSE" | "OTHER";
            coverage: ("WARRANTY" | "INSURANCE" | "SCHOOL" | "PARENT") | null;
            /** @description Minor units of the school currency; below 0 for a refund or a correction */
            amountMinor: number;
            /** @description YYYY-MM-DD */
            date: string;
            /** @description Where the cost came from: `manual`, `submission:42`... */
            source: string;
            note: string | null;
        };
        CostList: {
            costs: components["schemas"]["CostEntry"][];
            total: number;
            page: number;
            pageSize: number;
            /** @description The school's currency: every amount is in its minor units */
            currency: string;
        };
        CostBreakdown: {
            /** @enum {string} */
            by: "type" | "coverage" | "period";
            currency: string;
            /** @description YYYY-MM-DD */
            from: string;
            /** @description YYYY-MM-DD */
            to: string;
            rows: {
                key: string;
                count: number;
                amountMinor: number;
            }[];
            totalMinor: number;
        };
        CostResult: {
            cost: components["schemas"]["CostEntry"];
        };
        Device: {
            id: string;
            serial: string;
            kind: string;
            manufacturer: string | null;
            model: string | null;
            /** @enum {string} */
            status: "IN_USE" | "IN_STOCK" | "IN_REPAIR" | "RETIRED";
            assignedPersonId: string | null;
            purchaseDate: string | null;
            purchaseCostMinor: number | null;
            warrantyEnd: string | null;
        };
        DeviceResult: {
            device: components["schemas"]["Device"];
        };
        DeviceHistoryEntry: {
            /** @description ISO 8601 UTC */
            at: string;
            /** @description device.create, device.assign, loan.issue, submission.create, ... */
            action: string;
            /** @description What the entry is about: device:<id>, loan:<number> or submission:<number> */
            target: string;
            actor: {
                /** @enum {string} */
                type: "user" | "apiKey" | "operator" | "anonymous" | "system" | "person";
                id: string;
                name?: string;
            };
            details: {
                [key: string]: unknown;
            };
        };
        DeviceList: {
            devices: components["schemas"]["Device"][];
            total: number;
            page: number;
            pageSize: number;
        };
        DeviceRecord: {
            device: components["schemas"]["Device"];
            history: components["schemas"]["DeviceHistoryEntry"][];
            historyTotal: number;
        };
        DeviceHistory: {
            history: components["schemas"]["DeviceHistoryEntry"][];
            total: number;
            page: number;
            pageSize: number;
        };
        LoanView: {
            id: string;
            number: number;
            /** @enum {string} */
            kind: "LAPTOP" | "IPAD";
            serial: string;
            groupId: string;
            groupName: string;
            /** @enum {string} */
            status: "AVAILABLE" | "ISSUED" | "UNAVAILABLE";
            holder: {
                id: string;
                name: string;
            } | null;
            userGroup: string | null;
            issuedAt: string | null;
            dueDate: string | null;
            overdue: boolean;
        };
        LoanResult: {
            loan: components["schemas"]["LoanView"];
        };
        LoanGroup: {
            id: string;
            name: string;
        };
        LoanGroupResult: {
            loanGroup: components["schemas"]["LoanGroup"];
        };
        Reminder: {
            id: string;
            /** @enum {string} */
            kind: "overdue" | "due_soon" | "manual";
            sequence: number;
            /** @description YYYY-MM-DD */
            runDate: string;
            /** @description How many addresses it went (or goes) to */
            recipients: number;
            /** @enum {string} */
            status: "pending" | "sending" | "sent" | "failed";
            attempts: number;
            lastError: string | null;
            /** @description ISO 8601 UTC */
            createdAt: string;
            sentAt: string | null;
        };
        ReturnResult: {
            loan: components["schemas"]["LoanView"];
            returnedFrom: {
                holder: {
                    id: string;
                    name: string;
                };
                issuedAt: string | null;
                dueDate: string | null;
            };
            /** @description The repair in hand that keeps the loaner out of the pool (withdrawn until it ends), else null */
            keptForRepair: number | null;
        };
        LoanInventory: {
            loans: components["schemas"]["LoanView"][];
            total: number;
            page: number;
            pageSize: number;
            summary: {
                total: number;
                available: number;
                issued: number;
                overdue: number;
                withoutDueDate: number;
                nextNumber: number;
            };
        };
        LoanList: components["schemas"]["LoanView"][];
        LoanHistory: {
            loan: components["schemas"]["LoanView"];
            /** @description The loan's audit entries (issues, returns, reminders…), newest first, with who acted and the holders by name */
            history: {
                id: string;
                actor: {
                    /** @enum {string} */
                    type: "user" | "apiKey" | "operator" | "anonymous" | "system" | "person";
                    id: string;
                    /** @description The app a person acted through (an OAuth grant's client name) */
                    via?: string;
                    /** @description Who acted, in words: a member of staff's name, an API key's name, 'Command line' (an operator), 'Desk' (Desk itself) or 'Someone not signed in' */
                    name: string;
                };
                action: string;
                /** @description What was acted on: `loan:12`, `user:<id>`... */
                target: string;
                at: string;
                readonly details: {
                    [key: string]: unknown;
                };
                /** @description The names of the records this entry's target and details refer to by id (a person, a member of staff, a loan group, an API key), by id */
                names: {
                    [key: string]: string;
                };
            }[];
            /** @description Its reminder e-mails over every issue, newest first */
            reminders: components["schemas"]["Reminder"][];
        };
        RemindLoanResult: {
            reminder: components["schemas"]["Reminder"];
        };
        LoanGroupList: {
            loanGroups: {
                id: string;
                name: string;
                loans: {
                    total: number;
                    available: number;
                    issued: number;
                    overdue: number;
                    withoutDueDate: number;
                };
            }[];
        };
        AddedLoaners: {
            loans: components["schemas"]["LoanView"][];
        };
        GroupMoveResult: {
            loanGroup: components["schemas"]["LoanGroup"];
            /** @description The loaners this moved, by number */
            changed: number[];
            /** @description Loaners out on loan, left with their holders (withdraw them once they are back) */
            outOnLoan: number[];
            /** @description Loaners a repair in hand keeps withdrawn (restored when their repair ends) */
            keptForRepair: number[];
        };
        Monitor: {
            id: string;
            name: string;
            url: string;
            intervalSeconds: number;
            expectStatus: number | null;
            /** @enum {string} */
            state: "unknown" | "up" | "down";
            /** @description When the current state began; null while unknown */
            since: string | null;
            consecutiveFailures: number;
            lastCheck: components["schemas"]["MonitorCheck"] | null;
            nextCheckAt: string;
            createdAt: string;
            updatedAt: string;
        };
        MonitorCheck: {
            /** @description ISO 8601 UTC */
            at: string;
            ok: boolean;
            /** @description The HTTP status answered; null when none was (a timeout, a refused connection, the disk) */
            status: number | null;
            ms: number;
            /** @description Why it failed (`status 503`, `timeout`...); null when ok */
            reason: string | null;
            /** @description https: when the server's certificate expires */
            certificateExpiresAt: string | null;
        };
        MonitorResult: {
            monitor: components["schemas"]["Monitor"];
        };
        MonitorList: {
            monitors: components["schemas"]["Monitor"][];
        };
        AlertAddresses: {
            /** @description The addresses set, or null: the active school administrators receive the alerts */
            emails: string[] | null;
            /** @description Who an alert would go to now */
            recipients: string[];
        };
        Modules: {
            /** @description Every module, in catalogue order */
            modules: {
                /** @enum {string} */
                name: "integrations" | "people" | "loans" | "repairs" | "servicedesk" | "assets" | "costs" | "events";
                enabled: boolean;
            }[];
            /** @description Whether the caller may switch them */
            changeable: boolean;
        };
        Person: {
            id: string;
            name: string;
            email: string | null;
            /** @enum {string} */
            kind: "PUPIL" | "STAFF";
            userGroup: string | null;
            externalId: string | null;
            archivedAt: string | null;
        };
        PersonResult: {
            person: components["schemas"]["Person"];
        };
        PeopleList: {
            people: components["schemas"]["Person"][];
            total: number;
            page: number;
            pageSize: number;
        };
        PersonProfile: {
            person: components["schemas"]["Person"];
            /** @description A pupil's guardians in order (guardian 1 first); staff have none */
            guardians: {
                name: string;
                email: string | null;
                phone: string | null;
                relationship: string;
                externalId: string | null;
            }[];
            /** @description A pupil's acceptable-use agreement for this school year (the newest recorded), or null */
            agreement: {
                /** @description YYYY-MM-DD */
                signedAt: string;
                signedBy: string;
                schoolYear: string;
                /** @description ISO 8601 UTC */
                recordedAt: string;
            } | null;
            loans?: components["schemas"]["LoanView"][];
            devices?: components["schemas"]["Device"][];
            submissions?: components["schemas"]["Submission"][];
            tickets?: components["schemas"]["Ticket"][];
        };
        GuardiansResult: {
            guardians: {
                name: string;
                email: string | null;
                phone: string | null;
                relationship: string;
                externalId: string | null;
            }[];
        };
        AgreementResult: {
            agreement: {
                id: string;
                personId: string;
                schoolYear: string;
                /** @description YYYY-MM-DD */
                signedAt: string;
                signedBy: string;
                recordedBy: {
                    /** @enum {string} */
                    type: "user" | "apiKey" | "operator" | "anonymous" | "system" | "person";
                    id: string;
                };
                /** @description ISO 8601 UTC */
                recordedAt: string;
            };
        };
        ImportResult: {
            import: {
                /** @enum {string} */
                kind: "people" | "devices" | "loans";
                dryRun: boolean;
                /**
                 * @description `desk` (Desk's own columns) or `oneroster` (a OneRoster 1.1 users.csv)
                 * @enum {string}
                 */
                format: "desk" | "oneroster";
                /** @description Data rows read (the header and blank lines not counted) */
                rows: number;
                created: number;
                updated: number;
                unchanged: number;
                archived: number;
                /** @description Archived people the file lists again: restored (counted in `updated` too) */
                restored: number;
                /** @description Rows a OneRoster file holds that are no pupil or staff of Desk (guardians, disabled accounts) */
                skipped: number;
                /** @description Loan groups named by the file that did not exist: created */
                groupsCreated: number;
                notArchived: {
                    total: number;
                    /** @description At most 100; `total` counts them all */
                    people: components["schemas"]["NotArchived"][];
                };
                /** @description Header cells that name no column of this import: their cells were not read */
                ignoredColumns: string[];
            };
        };
        NotArchived: {
            id: string;
            name: string;
            externalId: string | null;
            /** @description Numbers of the loaners they hold */
            loans: number[];
            /** @description Serials of the devices assigned to them */
            devices: string[];
        };
        Submission: {
            id: string;
            number: number;
            serial: string;
            description: string;
            reporterId: string | null;
            assigneeId: string | null;
            /** @enum {string} */
            status: "NEW" | "ASSIGNED" | "IN_REPAIR" | "RESOLVED" | "CLOSED";
            coverage: ("WARRANTY" | "INSURANCE" | "SCHOOL" | "PARENT") | null;
            costMinor: number | null;
            /** @description ISO 8601 UTC */
            createdAt: string;
            /** @description ISO 8601 UTC */
            updatedAt: string;
        };
        SubmissionResult: {
            submission: components["schemas"]["Submission"];
        };
        RepairDeviceReport: {
            id: string;
            serial: string;
            /** @enum {string} */
            status: "IN_USE" | "IN_STOCK" | "IN_REPAIR" | "RETIRED";
            /** @enum {string} */
            outcome: "into_repair" | "back_from_repair" | "already_in_repair" | "retired" | "not_in_repair" | "still_in_repair";
        };
        SubmissionList: {
            submissions: components["schemas"]["Submission"][];
            total: number;
            page: number;
            pageSize: number;
        };
        SubmissionHistory: {
            /** @description The repair's story, newest first: lodged, assigned, each status move with its note and cost, with who acted and the people by name */
            history: {
                id: string;
                actor: {
                    /** @enum {string} */
                    type: "user" | "apiKey" | "operator" | "anonymous" | "system" | "person";
                    id: string;
                    /** @description The app a person acted through (an OAuth grant's client name) */
                    via?: string;
                    /** @description Who acted, in words: a member of staff's name, an API key's name, 'Command line' (an operator), 'Desk' (Desk itself) or 'Someone not signed in' */
                    name: string;
                };
                action: string;
                /** @description What was acted on: `loan:12`, `user:<id>`... */
                target: string;
                at: string;
                readonly details: {
                    [key: string]: unknown;
                };
                /** @description The names of the records this entry's target and details refer to by id (a person, a member of staff, a loan group, an API key), by id */
                names: {
                    [key: string]: string;
                };
            }[];
        };
        SubmissionStatusResult: {
            submission: components["schemas"]["Submission"];
            /** @description Null when the serial is no register device (a loaner), on CLOSED, or when the caller may not see devices */
            device: components["schemas"]["RepairDeviceReport"] | null;
        };
        Reservation: {
            id: string;
            groupId: string;
            groupName: string;
            quantity: number;
            fulfilled: number;
            /** @description ISO 8601 UTC */
            from: string;
            /** @description ISO 8601 UTC */
            to: string;
            /** @enum {string} */
            status: "ACTIVE" | "FULFILLED" | "CANCELLED";
            person: {
                id: string;
                name: string;
            } | null;
            note: string | null;
            createdBy: {
                type: string;
                id: string;
            };
            /** @description ISO 8601 UTC */
            createdAt: string;
            cancelledAt: string | null;
        };
        ReservationResult: {
            reservation: components["schemas"]["Reservation"];
        };
        ReservationList: {
            reservations: components["schemas"]["Reservation"][];
            total: number;
            page: number;
            pageSize: number;
        };
        Availability: {
            groupId: string;
            from: string;
            to: string;
            /** @description Units not withdrawn */
            inService: number;
            /** @description Of those, units issued and not expected back before the window */
            out: number;
            /** @description The most units other bookings hold back at one moment of the window */
            booked: number;
            /** @description Units a new booking of the whole window can have */
            free: number;
            days: {
                /** @description YYYY-MM-DD */
                date: string;
                booked: number;
                free: number;
            }[];
        };
        School: {
            school: {
                slug: string;
                name: string;
                timeZone: string;
                currency: string;
                hosts: string[];
            };
        };
        SchoolYearSettings: {
            /**
             * @description The month the school year starts, 1-12
             * @default 8
             */
            startMonth: number;
            /**
             * @description The day of that month it starts
             * @default 1
             */
            startDay: number;
        };
        RemindersSettings: {
            /**
             * @description Send the daily reminders
             * @default false
             */
            enabled: boolean;
            /**
             * @description Days after the due date the first reminder goes (0: on the due date)
             * @default 1
             */
            firstAfterDays: number;
            /**
             * @description Days between reminders of one loan
             * @default 7
             */
            everyDays: number;
            /**
             * @description Overdue reminders per loan at most
             * @default 3
             */
            maxReminders: number;
            /**
             * @description An address that gets a blind copy of every reminder
             * @default null
             */
            copyTo: string | null;
            /**
             * @description Added to every reminder: where and when to bring the device back
             * @default null
             */
            text: string | null;
            /**
             * @description Also send one reminder the day before the due date
             * @default false
             */
            dueSoon: boolean;
        };
        CheckoutSettings: {
            /**
             * @description A pupil without this school year's acceptable-use agreement on file
             * @default {
             *       "mode": "off"
             *     }
             */
            agreement: {
                /**
                 * @description off: not checked; warn: issue once confirmed; block: never issue
                 * @default off
                 * @enum {string}
                 */
                mode: "off" | "warn" | "block";
            };
            /**
             * @description An outstanding balance on the holder’s account above an amount
             * @default {
             *       "mode": "off",
             *       "aboveMinor": 0
             *     }
             */
            balance: {
                /**
                 * @description off: not checked; warn: issue once confirmed; block: never issue
                 * @default off
                 * @enum {string}
                 */
                mode: "off" | "warn" | "block";
                /**
                 * @description An outstanding balance above this, in minor units, is checked
                 * @default 0
                 */
                aboveMinor: number;
            };
            /**
             * @description The holder already has this many loans or more out
             * @default {
             *       "mode": "off",
             *       "atMost": 1
             *     }
             */
            loans: {
                /**
                 * @description off: not checked; warn: issue once confirmed; block: never issue
                 * @default off
                 * @enum {string}
                 */
                mode: "off" | "warn" | "block";
                /**
                 * @description This many loans out already is checked
                 * @default 1
                 */
                atMost: number;
            };
        };
        InsuranceSettings: {
            /**
             * @description What a covered pupil still pays per claim, in minor units of the school currency
             * @default 0
             */
            deductibleMinor: number;
            /**
             * @description How many claims a pupil’s cover takes per school year (0: none)
             * @default 0
             */
            claimsPerYear: number;
        };
        BusinessHoursSettings: {
            /**
             * @description The desk's hours on Sundays; null: closed
             * @default null
             */
            sunday: {
                /** @description When the desk opens, HH:MM in the school time zone */
                opens: string;
                /** @description When it closes, HH:MM (24:00: midnight) */
                closes: string;
            } | null;
            /**
             * @description The desk's hours on Mondays; null: closed
             * @default {
             *       "opens": "08:00",
             *       "closes": "16:30"
             *     }
             */
            monday: {
                /** @description When the desk opens, HH:MM in the school time zone */
                opens: string;
                /** @description When it closes, HH:MM (24:00: midnight) */
                closes: string;
            } | null;
            /**
             * @description The desk's hours on Tuesdays; null: closed
             * @default {
             *       "opens": "08:00",
             *       "closes": "16:30"
             *     }
             */
            tuesday: {
                /** @description When the desk opens, HH:MM in the school time zone */
                opens: string;
                /** @description When it closes, HH:MM (24:00: midnight) */
                closes: string;
            } | null;
            /**
             * @description The desk's hours on Wednesdays; null: closed
             * @default {
             *       "opens": "08:00",
             *       "closes": "16:30"
             *     }
             */
            wednesday: {
                /** @description When the desk opens, HH:MM in the school time zone */
                opens: string;
                /** @description When it closes, HH:MM (24:00: midnight) */
                closes: string;
            } | null;
            /**
             * @description The desk's hours on Thursdays; null: closed
             * @default {
             *       "opens": "08:00",
             *       "closes": "16:30"
             *     }
             */
            thursday: {
                /** @description When the desk opens, HH:MM in the school time zone */
                opens: string;
                /** @description When it closes, HH:MM (24:00: midnight) */
                closes: string;
            } | null;
            /**
             * @description The desk's hours on Fridays; null: closed
             * @default {
             *       "opens": "08:00",
             *       "closes": "16:30"
             *     }
             */
            friday: {
                /** @description When the desk opens, HH:MM in the school time zone */
                opens: string;
                /** @description When it closes, HH:MM (24:00: midnight) */
                closes: string;
            } | null;
            /**
             * @description The desk's hours on Saturdays; null: closed
             * @default null
             */
            saturday: {
                /** @description When the desk opens, HH:MM in the school time zone */
                opens: string;
                /** @description When it closes, HH:MM (24:00: midnight) */
                closes: string;
            } | null;
        };
        ServiceTargetsSettings: {
            /**
             * @description Give tickets due times, and send warnings and breaches
             * @default true
             */
            enabled: boolean;
            /**
             * @description Targets of LOW tickets
             * @default {
             *       "firstResponseMinutes": 510,
             *       "resolutionMinutes": 5100
             *     }
             */
            LOW: {
                /**
                 * @description Time to the first answer from the desk, in minutes of the desk's hours; null: no target
                 * @default 510
                 */
                firstResponseMinutes: number | null;
                /**
                 * @description Time to resolution, in minutes of the desk's hours; null: no target
                 * @default 5100
                 */
                resolutionMinutes: number | null;
            };
            /**
             * @description Targets of NORMAL tickets
             * @default {
             *       "firstResponseMinutes": 240,
             *       "resolutionMinutes": 1530
             *     }
             */
            NORMAL: {
                /**
                 * @description Time to the first answer from the desk, in minutes of the desk's hours; null: no target
                 * @default 240
                 */
                firstResponseMinutes: number | null;
                /**
                 * @description Time to resolution, in minutes of the desk's hours; null: no target
                 * @default 1530
                 */
                resolutionMinutes: number | null;
            };
            /**
             * @description Targets of HIGH tickets
             * @default {
             *       "firstResponseMinutes": 60,
             *       "resolutionMinutes": 510
             *     }
             */
            HIGH: {
                /**
                 * @description Time to the first answer from the desk, in minutes of the desk's hours; null: no target
                 * @default 60
                 */
                firstResponseMinutes: number | null;
                /**
                 * @description Time to resolution, in minutes of the desk's hours; null: no target
                 * @default 510
                 */
                resolutionMinutes: number | null;
            };
            /**
             * @description Targets of URGENT tickets
             * @default {
             *       "firstResponseMinutes": 30,
             *       "resolutionMinutes": 240
             *     }
             */
            URGENT: {
                /**
                 * @description Time to the first answer from the desk, in minutes of the desk's hours; null: no target
                 * @default 30
                 */
                firstResponseMinutes: number | null;
                /**
                 * @description Time to resolution, in minutes of the desk's hours; null: no target
                 * @default 240
                 */
                resolutionMinutes: number | null;
            };
        };
        TicketMailSettings: {
            /**
             * @description Write to requesters about their tickets
             * @default true
             */
            enabled: boolean;
            /**
             * @description Confirm each new ticket with its number
             * @default true
             */
            acknowledge: boolean;
            /**
             * @description Days after resolution a reply reopens the ticket (0: never); then it closes
             * @default 7
             */
            reopenDays: number;
            /**
             * @description Days waiting on the requester before one reminder (0: none)
             * @default 3
             */
            waitingReminderDays: number;
            /**
             * @description Days waiting on the requester before it is closed without an answer (0: never)
             * @default 10
             */
            closeAfterDays: number;
        };
        PortalSettings: {
            /**
             * @description Pupils and staff may sign in at /portal
             * @default true
             */
            enabled: boolean;
            /**
             * @description Besides single sign-on, a one-use sign-in link may be e-mailed to a person of the school
             * @default false
             */
            signInLinks: boolean;
            /**
             * @description The largest file a requester may attach, in bytes
             * @default 10485760
             */
            maxFileBytes: number;
        };
        SsoProvider: {
            issuer: string;
            clientId: string;
            /** @description The sign-in button says "Sign in with <label>" */
            label: string;
            /** @description The domains staff addresses are in; empty: any */
            domains: string[];
            /**
             * @description Whether staff other than school administrators may use passwords
             * @enum {string}
             */
            passwords: "on" | "off";
            /**
             * @description A client secret is kept (never shown)
             * @constant
             */
            hasClientSecret: true;
            updatedAt: string;
        };
        SsoSettings: {
            /** @description The school's provider; null when it has none */
            sso: components["schemas"]["SsoProvider"] | null;
            /** @description The redirect URIs to register at the provider */
            redirectUris: string[];
        };
        Ticket: {
            id: string;
            number: number;
            subject: string;
            body: string;
            /** @enum {string} */
            status: "NEW" | "OPEN" | "PENDING" | "RESOLVED" | "CLOSED";
            /** @enum {string} */
            priority: "LOW" | "NORMAL" | "HIGH" | "URGENT";
            requesterId: string | null;
            assigneeId: string | null;
            /** @description The category it is filed under (GET /api/ticket-categories), or null */
            categoryId: string | null;
            /** @description The team that works it (GET /api/teams), or null */
            teamId: string | null;
            /** @description When the first answer from the desk is due, in school hours (null: no target) */
            firstResponseDueAt: string | null;
            /** @description When the desk first answered (null: not yet) */
            firstRespondedAt: string | null;
            /** @description When resolution is due, in school hours; while the ticket waits on the requester or is resolved, the clock is stopped and this is when it was due as it stopped (null: no target) */
            resolutionDueAt: string | null;
            /** @description ISO 8601 UTC */
            createdAt: string;
            /** @description ISO 8601 UTC */
            updatedAt: string;
        };
        TicketResult: {
            ticket: components["schemas"]["Ticket"];
        };
        TicketComment: {
            id: string;
            ticketId: string;
            author: {
                /** @enum {string} */
                type: "user" | "apiKey" | "operator" | "person" | "email";
                id: string;
                name: string;
            };
            body: string;
            internal: boolean;
            /** @description ISO 8601 UTC */
            createdAt: string;
        };
        TicketList: {
            tickets: components["schemas"]["Ticket"][];
            total: number;
            page: number;
            pageSize: number;
        };
        TicketCommentList: {
            comments: components["schemas"]["TicketComment"][];
            total: number;
            page: number;
            pageSize: number;
        };
        TicketCommentResult: {
            comment: components["schemas"]["TicketComment"];
        };
        StaffTicketMail: {
            /** @description Hear by e-mail of each new ticket for one of one's teams */
            newTickets: boolean;
            /** @description Hear by e-mail when a requester answers on a ticket of one's teams */
            replies: boolean;
            /** @description The teams one is a member of */
            teams: {
                id: string;
                name: string;
            }[];
        };
        TicketMessageList: {
            messages: {
                id: string;
                /**
                 * @description received, reply, resolved, waiting or closed (to the requester); staff-new or staff-reply (the team's notices)
                 * @enum {string}
                 */
                kind: "received" | "reply" | "resolved" | "waiting" | "closed" | "staff-new" | "staff-reply";
                to: string[];
                subject: string;
                text: string;
                /**
                 * @description pending, sending, sent or failed
                 * @enum {string}
                 */
                status: "pending" | "sending" | "sent" | "failed";
                attempts: number;
                /** @description Why it was not sent, when it was not */
                error: string | null;
                /** @description ISO 8601 UTC */
                createdAt: string;
                sentAt: string | null;
            }[];
        };
        TicketCategory: {
            id: string;
            name: string;
            /** @description ISO 8601 UTC */
            createdAt: string;
        };
        Team: {
            id: string;
            name: string;
            /** @description In the order tickets go round them */
            members: {
                personId: string;
                /** @description The member of staff's name */
                name: string;
                /** @description false: away (on leave, off this term), so given no ticket in turn */
                available: boolean;
            }[];
            /** @description ISO 8601 UTC */
            createdAt: string;
        };
        RoutingRule: {
            id: string;
            /** @description Rules are tried from the lowest position; the first match routes */
            position: number;
            /** @description Only tickets of this category; null: any */
            categoryId: string | null;
            /** @description Only tickets asked by a PUPIL or by STAFF; null: any */
            requesterKind: ("PUPIL" | "STAFF") | null;
            /** @description Only tickets of this priority; null: any */
            priority: ("LOW" | "NORMAL" | "HIGH" | "URGENT") | null;
            /** @description The team the ticket goes to */
            teamId: string;
            /**
             * @description round_robin: to the team's next available member in turn; pick_up: left for a member to take
             * @enum {string}
             */
            assignment: "round_robin" | "pick_up";
            /** @description ISO 8601 UTC */
            createdAt: string;
        };
        TicketCategoryList: {
            categories: components["schemas"]["TicketCategory"][];
        };
        TicketCategoryResult: {
            category: components["schemas"]["TicketCategory"];
        };
        TeamList: {
            teams: components["schemas"]["Team"][];
        };
        TeamResult: {
            team: components["schemas"]["Team"];
        };
        RoutingRuleList: {
            rules: components["schemas"]["RoutingRule"][];
        };
        RoutingRuleResult: {
            rule: components["schemas"]["RoutingRule"];
        };
        CannedReply: {
            id: string;
            title: string;
            /** @description The text, with placeholders: {requester}, {ticket}, {serial}, {me} */
            body: string;
            /** @description ISO 8601 UTC */
            createdAt: string;
        };
        CannedReplyList: {
            cannedReplies: components["schemas"]["CannedReply"][];
        };
        CannedReplyResult: {
            cannedReply: components["schemas"]["CannedReply"];
        };
        FilledReply: {
            /** @description The reply with its placeholders filled */
            text: string;
        };
        ClosureDay: {
            id: string;
            name: string;
            /**
             * Format: date
             * @description The first day closed, YYYY-MM-DD
             */
            startsOn: string;
            /**
             * Format: date
             * @description The last day closed (inclusive), YYYY-MM-DD
             */
            endsOn: string;
            /** @description The iCalendar event it was imported from (UID), or null */
            uid: string | null;
            /** @description ISO 8601 UTC */
            createdAt: string;
        };
        ClosureDayList: {
            closureDays: components["schemas"]["ClosureDay"][];
        };
        ClosureDayResult: {
            closureDay: components["schemas"]["ClosureDay"];
        };
        ClosureImportResult: {
            /** @description Spans read from the file: added, or updated by their UID */
            imported: number;
            /**
             * Format: date
             * @description The first date the import read
             */
            from: string;
            /**
             * Format: date
             * @description The last date it read
             */
            until: string;
            /** @description Tickets whose due times moved */
            movedTickets: number;
        };
        Mailbox: {
            id: string;
            /** @description The address people write to */
            address: string;
            host: string;
            port: number;
            username: string;
            /** @description Where read mail is moved (made when missing); Desk never deletes mail */
            processedFolder: string;
            /**
             * @description refuse: one polite reply, no ticket; open: a ticket without a requester
             * @enum {string}
             */
            unknownSenders: "refuse" | "open";
            /** @description A larger message goes to the "could not read" list */
            maxMessageMb: number;
            /** @description A larger attachment is left out of the ticket (named in it) */
            maxFileMb: number;
            lastCheckedAt: string | null;
            /** @description Why the last look at the mailbox failed, or null */
            lastError: string | null;
            /** @description ISO 8601 UTC */
            createdAt: string;
        };
        TicketAttachment: {
            id: string;
            commentId: string | null;
            name: string;
            contentType: string;
            /** @description Bytes */
            size: number;
            /** @description ISO 8601 UTC */
            createdAt: string;
        };
        MailboxList: {
            mailboxes: components["schemas"]["Mailbox"][];
        };
        MailboxResult: {
            mailbox: components["schemas"]["Mailbox"];
        };
        UnreadableMailList: {
            messages: {
                id: string;
                mailboxId: string;
                reason: string;
                /** @description Bytes */
                size: number;
                /** @description ISO 8601 UTC */
                receivedAt: string;
            }[];
        };
        MailboxTest: {
            ok: boolean;
            /** @description The mailbox folders, when Desk could sign in */
            folders: string[];
            /** @description Messages waiting in the inbox */
            messages: number;
            /** @description Why Desk could not read the mailbox */
            error: string | null;
        };
        TicketAttachmentList: {
            attachments: components["schemas"]["TicketAttachment"][];
        };
        TicketHtmlList: {
            /** @description How the messages that came by e-mail looked, for those that had HTML */
            html: {
                /** @description The comment it is of; null: the ticket's first message */
                commentId: string | null;
                /** @description The message as it looked, sanitised: no script, style or image */
                html: string;
            }[];
        };
        PortalTicket: {
            id: string;
            number: number;
            subject: string;
            /** @enum {string} */
            status: "NEW" | "OPEN" | "PENDING" | "RESOLVED" | "CLOSED";
            /** @description Who works on it: a name, nothing more */
            assignee: {
                name: string;
            } | null;
            /** @description ISO 8601 UTC */
            createdAt: string;
            /** @description ISO 8601 UTC */
            updatedAt: string;
            body: string;
            /** @description How the first message looked, when it came by e-mail (sanitised) */
            html: string | null;
            /** @enum {string} */
            priority: "LOW" | "NORMAL" | "HIGH" | "URGENT";
            category: {
                id: string;
                name: string;
            } | null;
            reopenUntil: string | null;
            /** @description Whether a reply is taken now (not closed, not past its reopen window) */
            canReply: boolean;
            /** @description Files that came with the ticket itself */
            files: {
                id: string;
                name: string;
                contentType: string;
                /** @description Bytes */
                size: number;
            }[];
            /** @description The public conversation, oldest first */
            comments: {
                id: string;
                author: {
                    /** @description "You", the assigned person's name, or the desk's */
                    name: string;
                    /** @description Written by the requester */
                    you: boolean;
                };
                body: string;
                /** @description How it looked when it came by e-mail, sanitised (no script, style or image) */
                html: string | null;
                /** @description ISO 8601 UTC */
                createdAt: string;
                files: {
                    id: string;
                    name: string;
                    contentType: string;
                    /** @description Bytes */
                    size: number;
                }[];
            }[];
        };
        PortalSignInLinkAnswer: {
            /** @description What happens next, in words (the same whatever the address) */
            message: string;
        };
        PortalSignedIn: {
            /** @description When the portal session ends */
            expiresAt: string;
        };
        PortalMe: {
            person: {
                id: string;
                name: string;
                /** @enum {string} */
                kind: "PUPIL" | "STAFF";
                email: string;
            };
            school: {
                name: string;
                slug: string;
                /** @description Where its dates are read */
                timeZone: string;
            };
            /**
             * @description How they came in (a console session stands in for staff)
             * @enum {string}
             */
            via: "link" | "sso" | "console";
            offers: {
                /** @description The service desk is on */
                tickets: boolean;
                /** @description Repairs are on */
                repairs: boolean;
                /** @description Loans are on */
                loans: boolean;
            };
            /** @description What a new request may be about */
            categories: {
                id: string;
                name: string;
            }[];
            /** @description For a teacher: the pupils of their loan groups, for whom they may file (empty otherwise) */
            pupils: {
                id: string;
                name: string;
                userGroup: string | null;
            }[];
            maxFileBytes: number;
        };
        PortalTicketList: {
            tickets: {
                id: string;
                number: number;
                subject: string;
                /** @enum {string} */
                status: "NEW" | "OPEN" | "PENDING" | "RESOLVED" | "CLOSED";
                /** @description Who works on it: a name, nothing more */
                assignee: {
                    name: string;
                } | null;
                /** @description ISO 8601 UTC */
                createdAt: string;
                /** @description ISO 8601 UTC */
                updatedAt: string;
            }[];
            total: number;
            page: number;
            pageSize: number;
        };
        PortalTicketResult: {
            ticket: components["schemas"]["PortalTicket"];
        };
        PortalReplyResult: {
            ticket: components["schemas"]["PortalTicket"];
            /** @description The reply just added */
            comment: {
                id: string;
            };
        };
        PortalFileResult: {
            file: {
                id: string;
                name: string;
                contentType: string;
                /** @description Bytes */
                size: number;
            };
        };
        PortalRepairList: {
            repairs: {
                id: string;
                number: number;
                serial: string;
                description: string;
                /** @enum {string} */
                status: "NEW" | "ASSIGNED" | "IN_REPAIR" | "RESOLVED" | "CLOSED";
                /** @description ISO 8601 UTC */
                createdAt: string;
                /** @description ISO 8601 UTC */
                updatedAt: string;
            }[];
        };
        PortalRepairResult: {
            repair: {
                id: string;
                number: number;
                serial: string;
                description: string;
                /** @enum {string} */
                status: "NEW" | "ASSIGNED" | "IN_REPAIR" | "RESOLVED" | "CLOSED";
                /** @description ISO 8601 UTC */
                createdAt: string;
                /** @description ISO 8601 UTC */
                updatedAt: string;
            };
        };
        PortalLoanList: {
            /** @description What the requester holds now, soonest due first */
            loans: {
                number: number;
                /** @enum {string} */
                kind: "LAPTOP" | "IPAD";
                serial: string;
                groupName: string;
                issuedAt: string | null;
                dueDate: string | null;
                overdue: boolean;
            }[];
            /** @description Their bookings still to come */
            bookings: {
                id: string;
                groupName: string;
                quantity: number;
                /** @description ISO 8601 UTC */
                from: string;
                /** @description ISO 8601 UTC */
                to: string;
                /** @enum {string} */
                status: "ACTIVE" | "FULFILLED" | "CANCELLED";
            }[];
        };
        PortalDeviceList: {
            devices: {
                serial: string;
                /** @description A device's kind, or a loaner's (LAPTOP, IPAD) */
                kind: string;
                model: string | null;
                /**
                 * @description Assigned to them, or on loan to them
                 * @enum {string}
                 */
                source: "device" | "loan";
                /** @description A loaner's number, as on its label */
                loanNumber: number | null;
                dueDate: string | null;
            }[];
        };
        User: {
            id: string;
            email: string;
            name: string;
            /** @enum {string} */
            role: "school-admin" | "technician" | "loan-desk" | "teacher" | "read-only";
            /** @description The loan groups a teacher sees (empty: none) */
            readonly loanGroupIds: string[];
            active: boolean;
            createdAt: string;
            /** @description A password is set */
            hasPassword: boolean;
            /** @description The open invitation, by its expiry (the link itself is shown once, when made); null: none */
            invitation: {
                expiresAt: string;
            } | null;
        };
        UserResult: {
            user: components["schemas"]["User"];
        };
        Invitation: {
            /** @description The one-use link that lets the user choose their password (shown once) */
            url: string;
            expiresAt: string;
            /** @description Whether the link was also e-mailed to the user (only when the deployment has mail: SMTP_URL) */
            emailed: boolean;
        };
        UserPage: {
            users: components["schemas"]["User"][];
            total: number;
            page: number;
            pageSize: number;
            /** @description The roles the caller may give a new user, or change one to */
            grantableRoles: ("school-admin" | "technician" | "loan-desk" | "teacher" | "read-only")[];
        };
        CreatedUser: {
            user: components["schemas"]["User"];
            /** @description Present when `invite` was asked for: the link, shown once */
            invitation?: components["schemas"]["Invitation"];
        };
        InviteResult: {
            invitation: components["schemas"]["Invitation"];
        };
        Webhook: {
            id: string;
            url: string;
            /** @description The event kinds it is sent */
            readonly events: ("loan.issued" | "loan.returned" | "loan.withdrawn" | "loan.restored" | "loan.created" | "loan.updated" | "loan.reminded" | "reservation.created" | "reservation.cancelled" | "reservation.fulfilled" | "submission.created" | "submission.assigned" | "submission.status_changed" | "person.created" | "person.updated" | "person.archived" | "device.created" | "device.updated" | "ticket.created" | "ticket.updated" | "ticket.reopened" | "ticket.commented" | "ticket.replied" | "ticket.sla_warning" | "ticket.sla_breached" | "cost.recorded" | "charge.created" | "payment.recorded" | "import.completed" | "backup.failed" | "monitor.down" | "monitor.up" | "webhook.test")[];
            description: string | null;
            enabled: boolean;
            /** @description Set when Desk disabled it: the receiver answered 410 Gone, or the retry schedule ran out */
            disabledReason: ("gone" | "exhausted") | null;
            createdAt: string;
            updatedAt: string;
        };
        WebhookResult: {
            webhook: components["schemas"]["Webhook"];
        };
        WebhookWithSecret: {
            webhook: components["schemas"]["Webhook"];
            /** @description The Standard Webhooks signing secret, shown once */
            secret: string;
        };
        WebhookDelivery: {
            id: string;
            /** @description The event; null for a test delivery */
            eventId: number | null;
            /** @description The `webhook-id` header: the same on every attempt and on a resend */
            messageId: string;
            /** @enum {string} */
            kind: "loan.issued" | "loan.returned" | "loan.withdrawn" | "loan.restored" | "loan.created" | "loan.updated" | "loan.reminded" | "reservation.created" | "reservation.cancelled" | "reservation.fulfilled" | "submission.created" | "submission.assigned" | "submission.status_changed" | "person.created" | "person.updated" | "person.archived" | "device.created" | "device.updated" | "ticket.created" | "ticket.updated" | "ticket.reopened" | "ticket.commented" | "ticket.replied" | "ticket.sla_warning" | "ticket.sla_breached" | "cost.recorded" | "charge.created" | "payment.recorded" | "import.completed" | "backup.failed" | "monitor.down" | "monitor.up" | "webhook.test";
            /** @description 1 for the first try; a resend or a test is attempt 1 of its own */
            attempt: number;
            statusCode: number | null;
            durationMs: number;
            /** @description Why it failed, in words; never the response body */
            error: string | null;
            /** @enum {string} */
            outcome: "success" | "failure" | "gone" | "exhausted" | "refused";
            /** @description When the next try is due (failures that will be retried) */
            nextAttemptAt: string | null;
            at: string;
        };
        WebhookDeliveryResult: {
            delivery: components["schemas"]["WebhookDelivery"];
        };
        WebhookList: {
            webhooks: components["schemas"]["Webhook"][];
            /** @description The event kinds the caller may subscribe a webhook to */
            subscribableKinds: ("loan.issued" | "loan.returned" | "loan.withdrawn" | "loan.restored" | "loan.created" | "loan.updated" | "loan.reminded" | "reservation.created" | "reservation.cancelled" | "reservation.fulfilled" | "submission.created" | "submission.assigned" | "submission.status_changed" | "person.created" | "person.updated" | "person.archived" | "device.created" | "device.updated" | "ticket.created" | "ticket.updated" | "ticket.reopened" | "ticket.commented" | "ticket.replied" | "ticket.sla_warning" | "ticket.sla_breached" | "cost.recorded" | "charge.created" | "payment.recorded" | "import.completed" | "backup.failed" | "monitor.down" | "monitor.up" | "webhook.test")[];
        };
        WebhookDeliveryPage: {
            deliveries: components["schemas"]["WebhookDelivery"][];
            total: number;
            page: number;
            pageSize: number;
        };
        CallAssistantToolResponse: {
            /** @description The tool's result (its output schema) */
            result: unknown;
        };
        /** @description An OpenAPI 3.1 document */
        GetConsoleOpenApiResponse: {
            [key: string]: unknown;
        };
    };
    responses: {
        /** @description Invalid input (type `invalid-input` or `malformed-body`) */
        Problem400InvalidOrMalformedBody: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Missing or invalid credential (type `unauthorized`) */
        Problem401Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Permission denied (type `forbidden`) */
        Problem403Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Too many requests (type `rate-limited`) */
        Problem429RateLimited: {
            headers: {
                /** @description Seconds to wait before retrying. */
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Service unavailable (type `unavailable`) */
        Problem503Unavailable: {
            headers: {
                /** @description Seconds to wait before retrying. */
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Unsupported media type (type `unsupported-media-type`) */
        Problem415UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Request body too large (type `payload-too-large`) */
        Problem413PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Invalid input (type `invalid-input`) */
        Problem400Invalid: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Record not found (type `not-found`) */
        Problem404NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Module not enabled (type `module-disabled`) */
        Problem404ModuleDisabled: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Record not found (type `module-disabled` or `not-found`) */
        Problem404ModuleDisabledOrNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Conflict with the current state (type `conflict`) */
        Problem409Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description No such action (type `not-found` or `unknown-action`) */
        Problem404NotFoundOrUnknownAction: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Confirmation required (type `confirmation-required` or `conflict`) */
        Problem409ConfirmationRequiredOrConflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    signIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignedIn"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            429: components["responses"]["Problem429RateLimited"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    signOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out; the cookie is cleared. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    getSignedInUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignedInUser"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    useSetupLink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SetupDone"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            403: components["responses"]["Problem403Forbidden"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    getSignInSchool: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignInSchool"];
                };
            };
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    startSsoSignIn: {
        parameters: {
            query?: {
                /** @description The school's short name; required on a shared address */
                school?: string;
                /** @description The console path to come back to (by default the home page) */
                returnTo?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the school's provider, with the sign-in's state kept in the desk_sso cookie */
            302: {
                headers: {
                    /** @description Where to go next */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description To PUBLIC_URL first, from another shared address; or back to returnTo with `sso=<reason>` when the sign-in cannot start */
            303: {
                headers: {
                    /** @description Where to go next */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Problem400Invalid"];
            429: components["responses"]["Problem429RateLimited"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    completeSsoSignIn: {
        parameters: {
            query?: {
                /** @description The sign-in this answers (it must match the desk_sso cookie) */
                state?: string;
                /** @description The authorization code, when the person signed in */
                code?: string;
                /** @description The provider that answers (RFC 9207) */
                iss?: string;
                /** @description The provider's refusal, when it refused */
                error?: string;
                error_description?: string;
                session_state?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To returnTo, signed in; or to returnTo with `sso=<reason>`, refused. The desk_sso cookie is cleared */
            303: {
                headers: {
                    /** @description Where to go next */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Problem400Invalid"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    getSsoSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SsoSettings"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    configureSso: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    issuer: string;
                    clientId: string;
                    clientSecret?: string;
                    label?: string;
                    domains?: string[];
                    /** @enum {string} */
                    passwords?: "on" | "off";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SsoSettings"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    removeSso: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404NotFound"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    listLoans: {
        parameters: {
            query?: {
                /** @description AVAILABLE, ISSUED or UNAVAILABLE */
                status?: "AVAILABLE" | "ISSUED" | "UNAVAILABLE";
                /** @description Only loans of this loan group */
                groupId?: string;
                /** @description LAPTOP or IPAD */
                kind?: "LAPTOP" | "IPAD";
                /** @description Holder's class or department */
                userGroup?: string;
                /** @description Only loans held by this person */
                holderId?: string;
                /** @description Text contained in the serial, holder name or group name (case-insensitive), or a loaner number */
                q?: string;
                /** @description true: only issued loans past their due date */
                overdue?: boolean;
                /** @description Only issued loans due back on this date (YYYY-MM-DD) */
                dueDate?: string;
                /** @description Page number, from 1 (default 1) */
                page?: number;
                /** @description Loans per page, 1 to 100 (default 50) */
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoanInventory"];
                };
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    listAllLoans: {
        parameters: {
            query?: {
                /** @description AVAILABLE, ISSUED or UNAVAILABLE */
                status?: "AVAILABLE" | "ISSUED" | "UNAVAILABLE";
                /** @description Only loans of this loan group */
                groupId?: string;
                /** @description LAPTOP or IPAD */
                kind?: "LAPTOP" | "IPAD";
                /** @description Holder's class or department */
                userGroup?: string;
                /** @description Only loans held by this person */
                holderId?: string;
                /** @description Text contained in the serial, holder name or group name (case-insensitive), or a loaner number */
                q?: string;
                /** @description true: only issued loans past their due date */
                overdue?: boolean;
                /** @description Only issued loans due back on this date (YYYY-MM-DD) */
                dueDate?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoanList"];
                };
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    createLoan: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description LAPTOP or IPAD
                     * @enum {string}
                     */
                    kind: "LAPTOP" | "IPAD";
                    /** @description The loaner's serial number, unique among the school's loaners */
                    serial: string;
                    /** @description The loan group (cart, desk, shelf) it belongs to */
                    groupId: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoanResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    updateLoan: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                number: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Move the unit to this loan group */
                    groupId?: string;
                    /** @description The loaner's serial number, unique among the school's loaners */
                    serial?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoanResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    issueLoan: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The loaner number */
                    number?: number;
                    /** @description The loaner's serial number */
                    serial?: string;
                    /** @description The person (pupil or staff) who takes the loan */
                    holderId: string;
                    /** @description Due back on this date (YYYY-MM-DD, tenant time zone); null or absent: no due date */
                    dueDate?: string | null;
                    /** @description true: issue despite the school's warnings at the desk (an answer of confirmation_required lists them); never lifts a block */
                    confirm?: boolean;
                    /** @description Issue it even though a booking starting within 24 hours needs this unit (audited) */
                    override?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoanResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    issueLoanByNumber: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                number: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The loaner's serial number */
                    serial?: string;
                    /** @description The person (pupil or staff) who takes the loan */
                    holderId: string;
                    /** @description Due back on this date (YYYY-MM-DD, tenant time zone); null or absent: no due date */
                    dueDate?: string | null;
                    /** @description true: issue despite the school's warnings at the desk (an answer of confirmation_required lists them); never lifts a block */
                    confirm?: boolean;
                    /** @description Issue it even though a booking starting within 24 hours needs this unit (audited) */
                    override?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoanResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    returnLoan: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The loaner number */
                    number?: number;
                    /** @description The loaner's serial number */
                    serial?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReturnResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    returnLoanByNumber: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                number: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReturnResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    getLoanHistory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                number: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoanHistory"];
                };
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    remindLoan: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                number: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RemindLoanResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            429: components["responses"]["Problem429RateLimited"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    withdrawLoan: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                number: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoanResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    restoreLoan: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                number: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoanResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    listLoanGroups: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoanGroupList"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    createLoanGroup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The name of the cart, desk or shelf, unique in the school */
                    name: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoanGroupResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    addLoaners: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                groupId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description LAPTOP or IPAD, for every unit
                     * @enum {string}
                     */
                    kind: "LAPTOP" | "IPAD";
                    /** @description Their serial numbers, one per unit, numbered in this order */
                    serials: string[];
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AddedLoaners"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    renameLoanGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The name of the cart, desk or shelf, unique in the school */
                    name: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoanGroupResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    withdrawLoanGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                groupId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupMoveResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    restoreLoanGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                groupId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupMoveResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    listReservations: {
        parameters: {
            query?: {
                /** @description Only bookings of this loan group */
                groupId?: string;
                /** @description Only bookings for this person */
                personId?: string;
                /** @description Only bookings that end after this date-time (school time zone) */
                from?: string;
                /** @description Only bookings that start before this date-time (school time zone) */
                to?: string;
                /** @description Only bookings in this state */
                status?: "ACTIVE" | "FULFILLED" | "CANCELLED";
                /** @description Page number, from 1 (default 1) */
                page?: number;
                /** @description Bookings per page, 1 to 100 (default 50) */
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReservationList"];
                };
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    createReservation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The loan group (cart, desk, shelf) to book from */
                    groupId: string;
                    /** @description How many units of the group */
                    quantity: number;
                    /** @description Start (ISO 8601 date-time, e.g. 2026-03-10T08:30; without an offset, in the school time zone) */
                    from: string;
                    /** @description End, exclusive (ISO 8601 date-time, as `from`); at most one year after `from` */
                    to: string;
                    /** @description Who picks the units up (a person of the school); optional */
                    personId?: string | null;
                    /** @description What it is for (a class, a lesson); optional */
                    note?: string | null;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReservationResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    getAvailability: {
        parameters: {
            query: {
                /** @description The loan group */
                groupId: string;
                /** @description Window start (ISO 8601 date-time; without an offset, in the school time zone) */
                from: string;
                /** @description Window end, exclusive */
                to: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Availability"];
                };
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    getReservation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReservationResult"];
                };
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    cancelReservation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReservationResult"];
                };
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            409: components["responses"]["Problem409Conflict"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    updateReservation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description How many units of the group */
                    quantity?: number;
                    /** @description Start (ISO 8601 date-time, e.g. 2026-03-10T08:30; without an offset, in the school time zone) */
                    from?: string;
                    /** @description End, exclusive (ISO 8601 date-time, as `from`); at most one year after `from` */
                    to?: string;
                    /** @description Who picks the units up (a person of the school); optional */
                    personId?: string | null;
                    /** @description What it is for (a class, a lesson); optional */
                    note?: string | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReservationResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    callAssistantTool: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The tool's input (its input schema); {} when absent or null */
                    input?: {
                        [key: string]: unknown;
                    } | null;
                    /** @description true to run a tool that changes data */
                    confirm?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CallAssistantToolResponse"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404NotFoundOrUnknownAction"];
            409: components["responses"]["Problem409ConfirmationRequiredOrConflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    listPeople: {
        parameters: {
            query?: {
                /** @description Text contained in the name, e-mail or external id (case-insensitive) */
                q?: string;
                /** @description PUPIL or STAFF */
                kind?: "PUPIL" | "STAFF";
                /** @description Class or department */
                userGroup?: string;
                /** @description Archived people too (default: left out) */
                includeArchived?: boolean;
                /** @description Page number, from 1 (default 1) */
                page?: number;
                /** @description People per page, 1 to 100 (default 50) */
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PeopleList"];
                };
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    createPerson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Full name */
                    name: string;
                    /** @description E-mail address (stored lower case); null for none */
                    email?: string | null;
                    /**
                     * @description PUPIL or STAFF
                     * @enum {string}
                     */
                    kind: "PUPIL" | "STAFF";
                    /** @description Class (pupils) or department (staff); null for none */
                    userGroup?: string | null;
                    /** @description The id in the MIS or directory, unique in the school; null for none */
                    externalId?: string | null;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PersonResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    getPersonProfile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PersonProfile"];
                };
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    updatePerson: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Full name */
                    name?: string;
                    /** @description E-mail address (stored lower case); null for none */
                    email?: string | null;
                    /**
                     * @description PUPIL or STAFF
                     * @enum {string}
                     */
                    kind?: "PUPIL" | "STAFF";
                    /** @description Class (pupils) or department (staff); null for none */
                    userGroup?: string | null;
                    /** @description The id in the MIS or directory, unique in the school; null for none */
                    externalId?: string | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PersonResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    archivePerson: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PersonResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    restorePerson: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PersonResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    setGuardians: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Every guardian of the pupil, in order (guardian 1 first); [] removes them all */
                    guardians: {
                        /** @description Full name */
                        name: string;
                        /** @description E-mail address (stored lower case); reminders go to it */
                        email?: string | null;
                        /** @description Telephone number, as the school writes it */
                        phone?: string | null;
                        /** @description Mother, father, carer…; "guardian" when not given */
                        relationship?: string;
                        /** @description The guardian's id in the school's directory */
                        externalId?: string | null;
                    }[];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GuardiansResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    recordAgreement: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: date
                     * @description The day it was signed, YYYY-MM-DD (the school's time zone); not in the future
                     */
                    signedAt: string;
                    /** @description Who signed it: the pupil's guardian, or the pupil */
                    signedBy: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgreementResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    getAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    recordCharge: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Minor units of the school currency (cents), at least 1 */
                    amountMinor: number;
                    /** @description What the charge is for: a cracked screen, a lost charger… */
                    reason: string;
                    /** @description The repair it is for (a submission of this school) */
                    submissionId?: string;
                    /** @description The loaner it is for, by number (one of this school) */
                    loanNumber?: number;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChargeResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    recordPayment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Minor units of the school currency (cents), at least 1 */
                    amountMinor: number;
                    /**
                     * @description cash, cheque, card, online or other
                     * @enum {string}
                     */
                    method: "cash" | "cheque" | "card" | "online" | "other";
                    /** @description A receipt number or transaction reference */
                    reference?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EntryResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    recordWaiver: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Minor units of the school currency (cents), at least 1 */
                    amountMinor: number;
                    /** @description Why the school lets it go: hardship, a charge in error… */
                    reason: string;
                    /** @description The charge it waives (all or part of); none: the balance in general */
                    chargeId?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EntryResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    setCoverage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The insurance plan’s name */
                    plan: string;
                    /** @description The school year it covers, 2026-2027 */
                    schoolYear: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CoverageResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    removeCoverage: {
        parameters: {
            query: {
                /** @description The school year whose cover ends, 2026-2027 */
                schoolYear: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    listOutstanding: {
        parameters: {
            query?: {
                /** @description true: people who owe (the only list offered) */
                outstanding?: "true";
                /** @description Page number, from 1 (default 1) */
                page?: number;
                /** @description People per page, 1 to 100 (default 50) */
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OutstandingList"];
                };
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    exportOutstanding: {
        parameters: {
            query?: {
                /** @description true: people who owe (the only list offered) */
                outstanding?: "true";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One person who owes a row: id, name, class, balance, currency, oldest unsettled charge */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    searchDevices: {
        parameters: {
            query?: {
                /** @description Text contained in the serial, manufacturer or model (case-insensitive) */
                q?: string;
                /** @description Device kind, e.g. LAPTOP, IPAD, CHROMEBOOK, DESKTOP */
                kind?: string;
                /** @description IN_USE, IN_STOCK, IN_REPAIR or RETIRED */
                status?: "IN_USE" | "IN_STOCK" | "IN_REPAIR" | "RETIRED";
                /** @description Only devices assigned to this person (id) */
                assignedTo?: string;
                /** @description Page number, from 1 (default 1) */
                page?: number;
                /** @description Devices per page, 1 to 100 (default 50) */
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeviceList"];
                };
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    createDevice: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Serial number, unique in the school */
                    serial: string;
                    /** @description Device kind, e.g. LAPTOP, IPAD, CHROMEBOOK, DESKTOP */
                    kind: string;
                    /** @description Manufacturer; null for none */
                    manufacturer?: string | null;
                    /** @description Model; null for none */
                    model?: string | null;
                    /** @description The person (id) it is handed to; absent or null: in stock */
                    assignedTo?: string | null;
                    /** @description Bought on (YYYY-MM-DD); null for unknown */
                    purchaseDate?: string | null;
                    /** @description Purchase cost in minor units (cents) of the school currency; null for unknown */
                    purchaseCostMinor?: number | null;
                    /** @description Warranty ends on (YYYY-MM-DD, inclusive); null for none */
                    warrantyEnd?: string | null;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeviceResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    getDeviceRecord: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeviceRecord"];
                };
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    updateDevice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Device kind, e.g. LAPTOP, IPAD, CHROMEBOOK, DESKTOP */
                    kind?: string;
                    /** @description Manufacturer; null for none */
                    manufacturer?: string | null;
                    /** @description Model; null for none */
                    model?: string | null;
                    /** @description Bought on (YYYY-MM-DD); null for unknown */
                    purchaseDate?: string | null;
                    /** @description Purchase cost in minor units (cents) of the school currency; null for unknown */
                    purchaseCostMinor?: number | null;
                    /** @description Warranty ends on (YYYY-MM-DD, inclusive); null for none */
                    warrantyEnd?: string | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeviceResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    listDeviceHistory: {
        parameters: {
            query?: {
                /** @description Page number, from 1 (default 1) */
                page?: number;
                /** @description Entries per page, 1 to 100 (default 50) */
                pageSize?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeviceHistory"];
                };
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    assignDevice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The person (id) the device is handed to */
                    personId: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeviceResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    unassignDevice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeviceResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    changeDeviceStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description IN_USE, IN_STOCK, IN_REPAIR or RETIRED
                     * @enum {string}
                     */
                    status: "IN_USE" | "IN_STOCK" | "IN_REPAIR" | "RETIRED";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeviceResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    listSubmissions: {
        parameters: {
            query?: {
                /** @description NEW, ASSIGNED, IN_REPAIR, RESOLVED or CLOSED */
                status?: "NEW" | "ASSIGNED" | "IN_REPAIR" | "RESOLVED" | "CLOSED";
                /** @description Only submissions for this serial number */
                serial?: string;
                /** @description Only submissions assigned to this staff member */
                assigneeId?: string;
                /** @description Text contained in the description or serial (case-insensitive) */
                q?: string;
                /** @description Page number, from 1 (default 1) */
                page?: number;
                /** @description Submissions per page, 1 to 100 (default 50) */
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubmissionList"];
                };
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    createSubmission: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Serial number of a device or loaner of this school */
                    serial: string;
                    /** @description What is wrong, 1 to 4000 characters */
                    description: string;
                    /** @description The person reporting the fault */
                    reporterId?: string;
                    /**
                     * @description Who pays: WARRANTY, INSURANCE, SCHOOL or PARENT
                     * @enum {string}
                     */
                    coverage?: "WARRANTY" | "INSURANCE" | "SCHOOL" | "PARENT";
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubmissionResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    getSubmission: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubmissionResult"];
                };
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    getSubmissionHistory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubmissionHistory"];
                };
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    assignSubmission: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The submission number */
                    number?: number;
                    /** @description A staff member who will handle the repair */
                    assigneeId: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubmissionResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    changeSubmissionStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The submission number */
                    number?: number;
                    /**
                     * @description Where the repair goes: IN_REPAIR, RESOLVED or CLOSED
                     * @enum {string}
                     */
                    status: "IN_REPAIR" | "RESOLVED" | "CLOSED";
                    /** @description What was done or found; kept in the audit trail, never in an event */
                    note?: string;
                    /** @description Only with status RESOLVED */
                    cost?: {
                        /** @description What the repair cost, in minor units of the school currency (0: nothing) */
                        amountMinor: number;
                        /**
                         * @description Who paid (default: the coverage it was lodged with)
                         * @enum {string}
                         */
                        coverage?: "WARRANTY" | "INSURANCE" | "SCHOOL" | "PARENT";
                    };
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubmissionStatusResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    listTickets: {
        parameters: {
            query?: {
                /** @description NEW, OPEN, PENDING, RESOLVED or CLOSED */
                status?: "NEW" | "OPEN" | "PENDING" | "RESOLVED" | "CLOSED";
                /** @description Text contained in the subject or body (case-insensitive) */
                q?: string;
                /** @description Only tickets assigned to this staff member (a person id) */
                assigneeId?: string;
                /** @description Only tickets of this team */
                teamId?: string;
                /** @description Only tickets of this category */
                categoryId?: string;
                /** @description true: only tickets past a service target still running (no first answer, or not resolved, by its due time) */
                breached?: boolean;
                /** @description newest (default): by number, newest first; due: the earliest running due time first, none last */
                sort?: "newest" | "due";
                /** @description Page number, from 1 (default 1) */
                page?: number;
                /** @description Tickets per page, 1 to 100 (default 50) */
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TicketList"];
                };
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    createTicket: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description What the ticket is about, in a line */
                    subject: string;
                    /** @description What is wrong, what was tried */
                    body: string;
                    /** @description Who needs help (default: the signed-in user's own person record) */
                    requesterId?: string;
                    /**
                     * @description LOW, NORMAL (default), HIGH or URGENT
                     * @enum {string}
                     */
                    priority?: "LOW" | "NORMAL" | "HIGH" | "URGENT";
                    /** @description The category it is filed under (GET /api/ticket-categories); routes it */
                    categoryId?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TicketResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    getTicket: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TicketResult"];
                };
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    updateTicket: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Move to NEW, OPEN, PENDING, RESOLVED or CLOSED
                     * @enum {string}
                     */
                    status?: "NEW" | "OPEN" | "PENDING" | "RESOLVED" | "CLOSED";
                    /**
                     * @description LOW, NORMAL, HIGH or URGENT
                     * @enum {string}
                     */
                    priority?: "LOW" | "NORMAL" | "HIGH" | "URGENT";
                    /** @description A staff member to handle it; null: nobody */
                    assigneeId?: string | null;
                    /** @description The category it is filed under; null: none */
                    categoryId?: string | null;
                    /** @description The team that works it (a reassignment); null: none */
                    teamId?: string | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TicketResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    listTicketComments: {
        parameters: {
            query?: {
                /** @description Page number, from 1 (default 1) */
                page?: number;
                /** @description Comments per page, 1 to 100 (default 50) */
                pageSize?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TicketCommentList"];
                };
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    addTicketComment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The comment */
                    body: string;
                    /** @description true: a note for the desk only (needs ticket.manage) */
                    internal?: boolean;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TicketCommentResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    getMyTicketMail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffTicketMail"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            409: components["responses"]["Problem409Conflict"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    setMyTicketMail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Hear by e-mail of each new ticket for one of one's teams */
                    newTickets: boolean;
                    /** @description Hear by e-mail when a requester answers on a ticket of one's teams */
                    replies: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffTicketMail"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    listTicketMessages: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TicketMessageList"];
                };
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    listTicketCategories: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TicketCategoryList"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    createTicketCategory: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Its name, unique in the school */
                    name: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TicketCategoryResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    listTeams: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamList"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    createTeam: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Its name, unique in the school */
                    name: string;
                    /** @description The members of staff (person ids), in the order tickets go round them */
                    memberIds: string[];
                    /** @description Members who are away: they keep their place but take no ticket in turn */
                    awayIds?: string[];
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    updateTeam: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Its name, unique in the school */
                    name?: string;
                    /** @description The members of staff (person ids), in the order tickets go round them */
                    memberIds?: string[];
                    /** @description Members who are away: they keep their place but take no ticket in turn */
                    awayIds?: string[];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    listRoutingRules: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RoutingRuleList"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    createRoutingRule: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Only tickets of this category; absent or null: any */
                    categoryId?: string | null;
                    /** @description Only tickets asked by a PUPIL or by STAFF */
                    requesterKind?: ("PUPIL" | "STAFF") | null;
                    /** @description Only tickets of this priority */
                    priority?: ("LOW" | "NORMAL" | "HIGH" | "URGENT") | null;
                    /** @description The team the ticket goes to */
                    teamId: string;
                    /**
                     * @description round_robin: to the team's next available member in turn; pick_up: left for a member to take
                     * @enum {string}
                     */
                    assignment: "round_robin" | "pick_up";
                    /** @description Where it is tried (lowest first); default: after the last */
                    position?: number;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RoutingRuleResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    deleteRoutingRule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    listCannedReplies: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CannedReplyList"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    createCannedReply: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description What the desk picks it by, unique in the school */
                    title: string;
                    /** @description The text; placeholders {requester}, {ticket}, {serial} and {me} are filled */
                    body: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CannedReplyResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    deleteCannedReply: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    fillCannedReply: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                ticketId: string;
                replyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FilledReply"];
                };
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    listClosureDays: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClosureDayList"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    createClosureDay: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description What it is: "Bank holiday", "Snow day" */
                    name: string;
                    /**
                     * Format: date
                     * @description The first day closed, YYYY-MM-DD
                     */
                    startsOn: string;
                    /**
                     * Format: date
                     * @description The last day closed, inclusive (default: the same day)
                     */
                    endsOn?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClosureDayResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    deleteClosureDay: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    importClosureDays: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "text/calendar": string;
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClosureImportResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    listMailboxes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MailboxList"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    addMailbox: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The address people write to */
                    address: string;
                    /** @description The IMAP server's name (IMAP over TLS) */
                    host: string;
                    /**
                     * @description 993 unless the server says otherwise
                     * @default 993
                     */
                    port?: number;
                    /** @description The user name to sign in as */
                    username: string;
                    /** @description Its password (an app password for Google Workspace) */
                    password: string;
                    /**
                     * @description Where read mail is moved
                     * @default Processed by Desk
                     */
                    processedFolder?: string;
                    /**
                     * @description refuse (default) or open
                     * @default refuse
                     * @enum {string}
                     */
                    unknownSenders?: "refuse" | "open";
                    /**
                     * @description A larger message is kept as unreadable
                     * @default 30
                     */
                    maxMessageMb?: number;
                    /**
                     * @description A larger file is left out of the ticket
                     * @default 15
                     */
                    maxFileMb?: number;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MailboxResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    listUnreadableMail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnreadableMailList"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    testMailbox: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MailboxTest"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    removeMailbox: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    listTicketAttachments: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TicketAttachmentList"];
                };
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    getTicketAttachment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                attachmentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file, as an attachment to save (never shown in the page) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    listTicketHtml: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TicketHtmlList"];
                };
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    requestPortalSignInLink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The person's e-mail address, as the school knows it */
                    email: string;
                    /** @description The school's short name; needed only on a shared address */
                    school?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalSignInLinkAnswer"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            403: components["responses"]["Problem403Forbidden"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            429: components["responses"]["Problem429RateLimited"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    signInToPortal: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The token from the sign-in link (after `#token=`) */
                    token: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalSignedIn"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    startPortalSsoSignIn: {
        parameters: {
            query?: {
                /** @description The school's short name; required on a shared address */
                school?: string;
                /** @description The console path to come back to (by default the home page) */
                returnTo?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the school's provider, with the sign-in's state kept in the desk_sso cookie */
            302: {
                headers: {
                    /** @description Where to go next */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description To PUBLIC_URL first, from another shared address; or back with `sso=<reason>` */
            303: {
                headers: {
                    /** @description Where to go next */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Problem400Invalid"];
            429: components["responses"]["Problem429RateLimited"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    signOutOfPortal: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out of the portal (a console session stays as it is). */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    getPortalMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalMe"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    listMyTickets: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalTicketList"];
                };
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            404: components["responses"]["Problem404ModuleDisabled"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    openMyTicket: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description What it is about, in a line */
                    subject: string;
                    /** @description What happened, in as many words as it takes */
                    body: string;
                    /** @description What it is about (GET /api/portal/me lists the categories) */
                    categoryId?: string;
                    /** @description A teacher only: the pupil of their loan groups it is for */
                    forPersonId?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalTicketResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    getMyTicket: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalTicketResult"];
                };
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    replyToMyTicket: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The reply */
                    body: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalReplyResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    attachToMyTicket: {
        parameters: {
            query: {
                /** @description The file's name */
                name: string;
                /** @description One of the requester's own replies on the ticket, the file goes with it */
                commentId?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/octet-stream": string;
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalFileResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    getMyTicketFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                fileId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file, as an attachment to save (never shown in the page) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    listMyRepairs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalRepairList"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            404: components["responses"]["Problem404ModuleDisabled"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    reportDeviceProblem: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The serial of a device or loaner the requester (or their pupil) holds */
                    serial: string;
                    /** @description What is wrong, 1 to 4000 characters */
                    description: string;
                    /** @description A teacher only: the pupil of their loan groups who holds it */
                    forPersonId?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalRepairResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    listMyLoans: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalLoanList"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            404: components["responses"]["Problem404ModuleDisabled"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    listMyDevices: {
        parameters: {
            query?: {
                /** @description A teacher only: one of their pupils */
                forPersonId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalDeviceList"];
                };
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            404: components["responses"]["Problem404NotFound"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    listCosts: {
        parameters: {
            query?: {
                /** @description REPAIR, PURCHASE, PARTS, LICENSE or OTHER */
                type?: "REPAIR" | "PURCHASE" | "PARTS" | "LICENSE" | "OTHER";
                /** @description WARRANTY, INSURANCE, SCHOOL or PARENT; NONE for entries without one */
                coverage?: "WARRANTY" | "INSURANCE" | "SCHOOL" | "PARENT" | "NONE";
                /** @description First day, inclusive */
                from?: string;
                /** @description Last day, inclusive */
                to?: string;
                /** @description Page number, from 1 (default 1) */
                page?: number;
                /** @description Entries per page, 1 to 100 (default 50) */
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CostList"];
                };
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    recordCost: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description REPAIR, PURCHASE, PARTS, LICENSE or OTHER
                     * @enum {string}
                     */
                    type: "REPAIR" | "PURCHASE" | "PARTS" | "LICENSE" | "OTHER";
                    /** @description Who paid: WARRANTY, INSURANCE, SCHOOL or PARENT */
                    coverage?: ("WARRANTY" | "INSURANCE" | "SCHOOL" | "PARENT") | null;
                    /** @description Minor units of the school currency; below 0 for a refund or a correction */
                    amountMinor: number;
                    /**
                     * Format: date
                     * @description The day it was spent (the invoice date), not after today
                     */
                    date: string;
                    /** @description What it was for: an invoice number, a supplier... */
                    note?: string | null;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CostResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    costBreakdown: {
        parameters: {
            query: {
                /** @description Group spend by type, coverage or period */
                by: "type" | "coverage" | "period";
                /** @description First day, inclusive (default: 12 months before to) */
                from?: string;
                /** @description Last day, inclusive (default: today in the school time zone) */
                to?: string;
                /** @description Bucket size when by=period: month, quarter or year (default month) */
                period?: "month" | "quarter" | "year";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CostBreakdown"];
                };
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    listMonitors: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MonitorList"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    createMonitor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description What is watched, e.g. "School website" */
                    name: string;
                    /** @description The http or https address to check */
                    url: string;
                    /** @description Seconds between checks */
                    intervalSeconds: number;
                    /** @description The status that counts as up; null or absent: any 2xx or 3xx */
                    expectStatus?: number | null;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MonitorResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    getMonitor: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MonitorResult"];
                };
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    deleteMonitor: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    updateMonitor: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description What is watched, e.g. "School website" */
                    name?: string;
                    /** @description The http or https address to check */
                    url?: string;
                    /** @description Seconds between checks */
                    intervalSeconds?: number;
                    /** @description The status that counts as up; null or absent: any 2xx or 3xx */
                    expectStatus?: number | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MonitorResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    getAlertAddresses: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AlertAddresses"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    setAlertAddresses: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    emails: string[] | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AlertAddresses"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    streamEvents: {
        parameters: {
            query?: {
                /** @description Resume after this event id (a reloaded page); ignored when Last-Event-ID is sent */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stream: server-sent events, with a comment line every 15 s */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            404: components["responses"]["Problem404ModuleDisabled"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    importPeople: {
        parameters: {
            query?: {
                /** @description true: validate and count, write nothing */
                dryRun?: "true" | "false";
                /** @description true: archive the people of the school the file does not list (people imports only) */
                archiveMissing?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "text/csv": string;
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    importDevices: {
        parameters: {
            query?: {
                /** @description true: validate and count, write nothing */
                dryRun?: "true" | "false";
                /** @description true: archive the people of the school the file does not list (people imports only) */
                archiveMissing?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "text/csv": string;
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    importLoans: {
        parameters: {
            query?: {
                /** @description true: validate and count, write nothing */
                dryRun?: "true" | "false";
                /** @description true: archive the people of the school the file does not list (people imports only) */
                archiveMissing?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "text/csv": string;
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    exportPeople: {
        parameters: {
            query?: {
                /** @description Text contained in the name, e-mail or external id (case-insensitive) */
                q?: string;
                /** @description PUPIL or STAFF */
                kind?: "PUPIL" | "STAFF";
                /** @description Class or department */
                userGroup?: string;
                /** @description Archived people too (default: left out) */
                includeArchived?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The people, one a row, as an import reads them back */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    exportDevices: {
        parameters: {
            query?: {
                /** @description Text contained in the serial, manufacturer or model (case-insensitive) */
                q?: string;
                /** @description Device kind, e.g. LAPTOP, IPAD, CHROMEBOOK, DESKTOP */
                kind?: string;
                /** @description IN_USE, IN_STOCK, IN_REPAIR or RETIRED */
                status?: "IN_USE" | "IN_STOCK" | "IN_REPAIR" | "RETIRED";
                /** @description Only devices assigned to this person (id) */
                assignedTo?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The devices, one a row, as an import reads them back */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    exportLoans: {
        parameters: {
            query?: {
                /** @description AVAILABLE, ISSUED or UNAVAILABLE */
                status?: "AVAILABLE" | "ISSUED" | "UNAVAILABLE";
                /** @description Only loans of this loan group */
                groupId?: string;
                /** @description LAPTOP or IPAD */
                kind?: "LAPTOP" | "IPAD";
                /** @description Holder's class or department */
                userGroup?: string;
                /** @description Only loans held by this person */
                holderId?: string;
                /** @description Text contained in the serial, holder name or group name (case-insensitive), or a loaner number */
                q?: string;
                /** @description true: only issued loans past their due date */
                overdue?: boolean;
                /** @description Only issued loans due back on this date (YYYY-MM-DD) */
                dueDate?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The loans, one a row, as an import reads them back */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    exportSubmissions: {
        parameters: {
            query?: {
                /** @description NEW, ASSIGNED, IN_REPAIR, RESOLVED or CLOSED */
                status?: "NEW" | "ASSIGNED" | "IN_REPAIR" | "RESOLVED" | "CLOSED";
                /** @description Only submissions for this serial number */
                serial?: string;
                /** @description Only submissions assigned to this staff member */
                assigneeId?: string;
                /** @description Text contained in the description or serial (case-insensitive) */
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The submissions, one a row */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    exportTickets: {
        parameters: {
            query?: {
                /** @description NEW, OPEN, PENDING, RESOLVED or CLOSED */
                status?: "NEW" | "OPEN" | "PENDING" | "RESOLVED" | "CLOSED";
                /** @description Text contained in the subject or body (case-insensitive) */
                q?: string;
                /** @description Only tickets assigned to this staff member (a person id) */
                assigneeId?: string;
                /** @description Only tickets of this team */
                teamId?: string;
                /** @description Only tickets of this category */
                categoryId?: string;
                /** @description true: only tickets past a service target still running (no first answer, or not resolved, by its due time) */
                breached?: boolean;
                /** @description newest (default): by number, newest first; due: the earliest running due time first, none last */
                sort?: "newest" | "due";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tickets, one a row */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    listUsers: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserPage"];
                };
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    createUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    name: string;
                    /** @enum {string} */
                    role: "school-admin" | "technician" | "loan-desk" | "teacher" | "read-only";
                    /** @default [] */
                    loanGroupIds?: string[];
                    password?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedUser"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    updateUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    /** @enum {string} */
                    role?: "school-admin" | "technician" | "loan-desk" | "teacher" | "read-only";
                    loanGroupIds?: string[];
                    active?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404NotFound"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    inviteUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InviteResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404NotFound"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    listApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyList"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    scopes: string[];
                    expiresInDays?: number;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedApiKey"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404NotFound"];
            409: components["responses"]["Problem409Conflict"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    listModules: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Modules"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    setModules: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    enabled: string[];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Modules"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    getTenant: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["School"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    updateTenant: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    hosts?: string[];
                    timeZone?: string;
                    currency?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["School"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    getSchoolYearSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SchoolYearSettings"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    setSchoolYearSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The month the school year starts, 1-12
                     * @default 8
                     */
                    startMonth?: number;
                    /**
                     * @description The day of that month it starts
                     * @default 1
                     */
                    startDay?: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SchoolYearSettings"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    getRemindersSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RemindersSettings"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    setRemindersSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Send the daily reminders
                     * @default false
                     */
                    enabled?: boolean;
                    /**
                     * @description Days after the due date the first reminder goes (0: on the due date)
                     * @default 1
                     */
                    firstAfterDays?: number;
                    /**
                     * @description Days between reminders of one loan
                     * @default 7
                     */
                    everyDays?: number;
                    /**
                     * @description Overdue reminders per loan at most
                     * @default 3
                     */
                    maxReminders?: number;
                    /**
                     * @description An address that gets a blind copy of every reminder
                     * @default null
                     */
                    copyTo?: string | null;
                    /**
                     * @description Added to every reminder: where and when to bring the device back
                     * @default null
                     */
                    text?: string | null;
                    /**
                     * @description Also send one reminder the day before the due date
                     * @default false
                     */
                    dueSoon?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RemindersSettings"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    getCheckoutSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckoutSettings"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    setCheckoutSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description A pupil without this school year's acceptable-use agreement on file
                     * @default {
                     *       "mode": "off"
                     *     }
                     */
                    agreement?: {
                        /**
                         * @description off: not checked; warn: issue once confirmed; block: never issue
                         * @default off
                         * @enum {string}
                         */
                        mode?: "off" | "warn" | "block";
                    };
                    /**
                     * @description An outstanding balance on the holder’s account above an amount
                     * @default {
                     *       "mode": "off",
                     *       "aboveMinor": 0
                     *     }
                     */
                    balance?: {
                        /**
                         * @description off: not checked; warn: issue once confirmed; block: never issue
                         * @default off
                         * @enum {string}
                         */
                        mode?: "off" | "warn" | "block";
                        /**
                         * @description An outstanding balance above this, in minor units, is checked
                         * @default 0
                         */
                        aboveMinor?: number;
                    };
                    /**
                     * @description The holder already has this many loans or more out
                     * @default {
                     *       "mode": "off",
                     *       "atMost": 1
                     *     }
                     */
                    loans?: {
                        /**
                         * @description off: not checked; warn: issue once confirmed; block: never issue
                         * @default off
                         * @enum {string}
                         */
                        mode?: "off" | "warn" | "block";
                        /**
                         * @description This many loans out already is checked
                         * @default 1
                         */
                        atMost?: number;
                    };
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckoutSettings"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    getInsuranceSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InsuranceSettings"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    setInsuranceSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description What a covered pupil still pays per claim, in minor units of the school currency
                     * @default 0
                     */
                    deductibleMinor?: number;
                    /**
                     * @description How many claims a pupil’s cover takes per school year (0: none)
                     * @default 0
                     */
                    claimsPerYear?: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InsuranceSettings"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    getBusinessHoursSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BusinessHoursSettings"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    setBusinessHoursSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The desk's hours on Sundays; null: closed
                     * @default null
                     */
                    sunday?: {
                        /** @description When the desk opens, HH:MM in the school time zone */
                        opens: string;
                        /** @description When it closes, HH:MM (24:00: midnight) */
                        closes: string;
                    } | null;
                    /**
                     * @description The desk's hours on Mondays; null: closed
                     * @default {
                     *       "opens": "08:00",
                     *       "closes": "16:30"
                     *     }
                     */
                    monday?: {
                        /** @description When the desk opens, HH:MM in the school time zone */
                        opens: string;
                        /** @description When it closes, HH:MM (24:00: midnight) */
                        closes: string;
                    } | null;
                    /**
                     * @description The desk's hours on Tuesdays; null: closed
                     * @default {
                     *       "opens": "08:00",
                     *       "closes": "16:30"
                     *     }
                     */
                    tuesday?: {
                        /** @description When the desk opens, HH:MM in the school time zone */
                        opens: string;
                        /** @description When it closes, HH:MM (24:00: midnight) */
                        closes: string;
                    } | null;
                    /**
                     * @description The desk's hours on Wednesdays; null: closed
                     * @default {
                     *       "opens": "08:00",
                     *       "closes": "16:30"
                     *     }
                     */
                    wednesday?: {
                        /** @description When the desk opens, HH:MM in the school time zone */
                        opens: string;
                        /** @description When it closes, HH:MM (24:00: midnight) */
                        closes: string;
                    } | null;
                    /**
                     * @description The desk's hours on Thursdays; null: closed
                     * @default {
                     *       "opens": "08:00",
                     *       "closes": "16:30"
                     *     }
                     */
                    thursday?: {
                        /** @description When the desk opens, HH:MM in the school time zone */
                        opens: string;
                        /** @description When it closes, HH:MM (24:00: midnight) */
                        closes: string;
                    } | null;
                    /**
                     * @description The desk's hours on Fridays; null: closed
                     * @default {
                     *       "opens": "08:00",
                     *       "closes": "16:30"
                     *     }
                     */
                    friday?: {
                        /** @description When the desk opens, HH:MM in the school time zone */
                        opens: string;
                        /** @description When it closes, HH:MM (24:00: midnight) */
                        closes: string;
                    } | null;
                    /**
                     * @description The desk's hours on Saturdays; null: closed
                     * @default null
                     */
                    saturday?: {
                        /** @description When the desk opens, HH:MM in the school time zone */
                        opens: string;
                        /** @description When it closes, HH:MM (24:00: midnight) */
                        closes: string;
                    } | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BusinessHoursSettings"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    getServiceTargetsSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceTargetsSettings"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    setServiceTargetsSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Give tickets due times, and send warnings and breaches
                     * @default true
                     */
                    enabled?: boolean;
                    /**
                     * @description Targets of LOW tickets
                     * @default {
                     *       "firstResponseMinutes": 510,
                     *       "resolutionMinutes": 5100
                     *     }
                     */
                    LOW?: {
                        /**
                         * @description Time to the first answer from the desk, in minutes of the desk's hours; null: no target
                         * @default 510
                         */
                        firstResponseMinutes?: number | null;
                        /**
                         * @description Time to resolution, in minutes of the desk's hours; null: no target
                         * @default 5100
                         */
                        resolutionMinutes?: number | null;
                    };
                    /**
                     * @description Targets of NORMAL tickets
                     * @default {
                     *       "firstResponseMinutes": 240,
                     *       "resolutionMinutes": 1530
                     *     }
                     */
                    NORMAL?: {
                        /**
                         * @description Time to the first answer from the desk, in minutes of the desk's hours; null: no target
                         * @default 240
                         */
                        firstResponseMinutes?: number | null;
                        /**
                         * @description Time to resolution, in minutes of the desk's hours; null: no target
                         * @default 1530
                         */
                        resolutionMinutes?: number | null;
                    };
                    /**
                     * @description Targets of HIGH tickets
                     * @default {
                     *       "firstResponseMinutes": 60,
                     *       "resolutionMinutes": 510
                     *     }
                     */
                    HIGH?: {
                        /**
                         * @description Time to the first answer from the desk, in minutes of the desk's hours; null: no target
                         * @default 60
                         */
                        firstResponseMinutes?: number | null;
                        /**
                         * @description Time to resolution, in minutes of the desk's hours; null: no target
                         * @default 510
                         */
                        resolutionMinutes?: number | null;
                    };
                    /**
                     * @description Targets of URGENT tickets
                     * @default {
                     *       "firstResponseMinutes": 30,
                     *       "resolutionMinutes": 240
                     *     }
                     */
                    URGENT?: {
                        /**
                         * @description Time to the first answer from the desk, in minutes of the desk's hours; null: no target
                         * @default 30
                         */
                        firstResponseMinutes?: number | null;
                        /**
                         * @description Time to resolution, in minutes of the desk's hours; null: no target
                         * @default 240
                         */
                        resolutionMinutes?: number | null;
                    };
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceTargetsSettings"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    getTicketMailSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TicketMailSettings"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    setTicketMailSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Write to requesters about their tickets
                     * @default true
                     */
                    enabled?: boolean;
                    /**
                     * @description Confirm each new ticket with its number
                     * @default true
                     */
                    acknowledge?: boolean;
                    /**
                     * @description Days after resolution a reply reopens the ticket (0: never); then it closes
                     * @default 7
                     */
                    reopenDays?: number;
                    /**
                     * @description Days waiting on the requester before one reminder (0: none)
                     * @default 3
                     */
                    waitingReminderDays?: number;
                    /**
                     * @description Days waiting on the requester before it is closed without an answer (0: never)
                     * @default 10
                     */
                    closeAfterDays?: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TicketMailSettings"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    getPortalSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalSettings"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    setPortalSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Pupils and staff may sign in at /portal
                     * @default true
                     */
                    enabled?: boolean;
                    /**
                     * @description Besides single sign-on, a one-use sign-in link may be e-mailed to a person of the school
                     * @default false
                     */
                    signInLinks?: boolean;
                    /**
                     * @description The largest file a requester may attach, in bytes
                     * @default 10485760
                     */
                    maxFileBytes?: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalSettings"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    searchAudit: {
        parameters: {
            query?: {
                actor?: string;
                action?: string;
                target?: string;
                from?: string;
                to?: string;
                page?: number;
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditPage"];
                };
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    getAuthorization: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthorizationResult"];
                };
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404NotFound"];
            409: components["responses"]["Problem409Conflict"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    decideAuthorization: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    decision: "allow" | "deny";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthorizationDecision"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404NotFound"];
            409: components["responses"]["Problem409Conflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    listGrants: {
        parameters: {
            query?: {
                all?: boolean;
                page?: number;
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectedAppPage"];
                };
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    revokeGrant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404NotFound"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    listWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookList"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    url: string;
                    events: string[];
                    description?: string | null;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookWithSecret"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabled"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookResult"];
                };
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    url?: string;
                    events?: string[];
                    description?: string | null;
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookWithSecret"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    testWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryPage"];
                };
            };
            400: components["responses"]["Problem400Invalid"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    resendWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryResult"];
                };
            };
            400: components["responses"]["Problem400InvalidOrMalformedBody"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ModuleDisabledOrNotFound"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
    getConsoleOpenApi: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetConsoleOpenApiResponse"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            503: components["responses"]["Problem503Unavailable"];
        };
    };
}

// The named schemas, by name.
export type Problem = components['schemas']['Problem'];
export type AccountEntry = components['schemas']['AccountEntry'];
export type Coverage = components['schemas']['Coverage'];
export type OutstandingBalance = components['schemas']['OutstandingBalance'];
export type EntryResult = components['schemas']['EntryResult'];
export type Account = components['schemas']['Account'];
export type ChargeResult = components['schemas']['ChargeResult'];
export type CoverageResult = components['schemas']['CoverageResult'];
export type OutstandingList = components['schemas']['OutstandingList'];
export type ApiKey = components['schemas']['ApiKey'];
export type McpClientConfig = components['schemas']['McpClientConfig'];
export type ApiKeyList = components['schemas']['ApiKeyList'];
export type CreatedApiKey = components['schemas']['CreatedApiKey'];
export type AuditEntry = components['schemas']['AuditEntry'];
export type AuditPage = components['schemas']['AuditPage'];
export type SessionUser = components['schemas']['SessionUser'];
export type SignedIn = components['schemas']['SignedIn'];
export type SignedInUser = components['schemas']['SignedInUser'];
export type SetupDone = components['schemas']['SetupDone'];
export type SignInSchool = components['schemas']['SignInSchool'];
export type OAuthClientView = components['schemas']['OAuthClientView'];
export type ConsentView = components['schemas']['ConsentView'];
export type ConnectedApp = components['schemas']['ConnectedApp'];
export type AuthorizationResult = components['schemas']['AuthorizationResult'];
export type AuthorizationDecision = components['schemas']['AuthorizationDecision'];
export type ConnectedAppPage = components['schemas']['ConnectedAppPage'];
export type CostEntry = components['schemas']['CostEntry'];
export type CostList = components['schemas']['CostList'];
export type CostBreakdown = components['schemas']['CostBreakdown'];
export type CostResult = components['schemas']['CostResult'];
export type Device = components['schemas']['Device'];
export type DeviceResult = components['schemas']['DeviceResult'];
export type DeviceHistoryEntry = components['schemas']['DeviceHistoryEntry'];
export type DeviceList = components['schemas']['DeviceList'];
export type DeviceRecord = components['schemas']['DeviceRecord'];
export type DeviceHistory = components['schemas']['DeviceHistory'];
export type LoanView = components['schemas']['LoanView'];
export type LoanResult = components['schemas']['LoanResult'];
export type LoanGroup = components['schemas']['LoanGroup'];
export type LoanGroupResult = components['schemas']['LoanGroupResult'];
export type Reminder = components['schemas']['Reminder'];
export type ReturnResult = components['schemas']['ReturnResult'];
export type LoanInventory = components['schemas']['LoanInventory'];
export type LoanList = components['schemas']['LoanList'];
export type LoanHistory = components['schemas']['LoanHistory'];
export type RemindLoanResult = components['schemas']['RemindLoanResult'];
export type LoanGroupList = components['schemas']['LoanGroupList'];
export type AddedLoaners = components['schemas']['AddedLoaners'];
export type GroupMoveResult = components['schemas']['GroupMoveResult'];
export type Monitor = components['schemas']['Monitor'];
export type MonitorCheck = components['schemas']['MonitorCheck'];
export type MonitorResult = components['schemas']['MonitorResult'];
export type MonitorList = components['schemas']['MonitorList'];
export type AlertAddresses = components['schemas']['AlertAddresses'];
export type Modules = components['schemas']['Modules'];
export type Person = components['schemas']['Person'];
export type PersonResult = components['schemas']['PersonResult'];
export type PeopleList = components['schemas']['PeopleList'];
export type PersonProfile = components['schemas']['PersonProfile'];
export type GuardiansResult = components['schemas']['GuardiansResult'];
export type AgreementResult = components['schemas']['AgreementResult'];
export type ImportResult = components['schemas']['ImportResult'];
export type NotArchived = components['schemas']['NotArchived'];
export type Submission = components['schemas']['Submission'];
export type SubmissionResult = components['schemas']['SubmissionResult'];
export type RepairDeviceReport = components['schemas']['RepairDeviceReport'];
export type SubmissionList = components['schemas']['SubmissionList'];
export type SubmissionHistory = components['schemas']['SubmissionHistory'];
export type SubmissionStatusResult = components['schemas']['SubmissionStatusResult'];
export type Reservation = components['schemas']['Reservation'];
export type ReservationResult = components['schemas']['ReservationResult'];
export type ReservationList = components['schemas']['ReservationList'];
export type Availability = components['schemas']['Availability'];
export type School = components['schemas']['School'];
export type SchoolYearSettings = components['schemas']['SchoolYearSettings'];
export type RemindersSettings = components['schemas']['RemindersSettings'];
export type CheckoutSettings = components['schemas']['CheckoutSettings'];
export type InsuranceSettings = components['schemas']['InsuranceSettings'];
export type BusinessHoursSettings = components['schemas']['BusinessHoursSettings'];
export type ServiceTargetsSettings = components['schemas']['ServiceTargetsSettings'];
export type TicketMailSettings = components['schemas']['TicketMailSettings'];
export type PortalSettings = components['schemas']['PortalSettings'];
export type SsoProvider = components['schemas']['SsoProvider'];
export type SsoSettings = components['schemas']['SsoSettings'];
export type Ticket = components['schemas']['Ticket'];
export type TicketResult = components['schemas']['TicketResult'];
export type TicketComment = components['schemas']['TicketComment'];
export type TicketList = components['schemas']['TicketList'];
export type TicketCommentList = components['schemas']['TicketCommentList'];
export type TicketCommentResult = components['schemas']['TicketCommentResult'];
export type StaffTicketMail = components['schemas']['StaffTicketMail'];
export type TicketMessageList = components['schemas']['TicketMessageList'];
export type TicketCategory = components['schemas']['TicketCategory'];
export type Team = components['schemas']['Team'];
export type RoutingRule = components['schemas']['RoutingRule'];
export type TicketCategoryList = components['schemas']['TicketCategoryList'];
export type TicketCategoryResult = components['schemas']['TicketCategoryResult'];
export type TeamList = components['schemas']['TeamList'];
export type TeamResult = components['schemas']['TeamResult'];
export type RoutingRuleList = components['schemas']['RoutingRuleList'];
export type RoutingRuleResult = components['schemas']['RoutingRuleResult'];
export type CannedReply = components['schemas']['CannedReply'];
export type CannedReplyList = components['schemas']['CannedReplyList'];
export type CannedReplyResult = components['schemas']['CannedReplyResult'];
export type FilledReply = components['schemas']['FilledReply'];
export type ClosureDay = components['schemas']['ClosureDay'];
export type ClosureDayList = components['schemas']['ClosureDayList'];
export type ClosureDayResult = components['schemas']['ClosureDayResult'];
export type ClosureImportResult = components['schemas']['ClosureImportResult'];
export type Mailbox = components['schemas']['Mailbox'];
export type TicketAttachment = components['schemas']['TicketAttachment'];
export type MailboxList = components['schemas']['MailboxList'];
export type MailboxResult = components['schemas']['MailboxResult'];
export type UnreadableMailList = components['schemas']['UnreadableMailList'];
export type MailboxTest = components['schemas']['MailboxTest'];
export type TicketAttachmentList = components['schemas']['TicketAttachmentList'];
export type TicketHtmlList = components['schemas']['TicketHtmlList'];
export type PortalTicket = components['schemas']['PortalTicket'];
export type PortalSignInLinkAnswer = components['schemas']['PortalSignInLinkAnswer'];
export type PortalSignedIn = components['schemas']['PortalSignedIn'];
export type PortalMe = components['schemas']['PortalMe'];
export type PortalTicketList = components['schemas']['PortalTicketList'];
export type PortalTicketResult = components['schemas']['PortalTicketResult'];
export type PortalReplyResult = components['schemas']['PortalReplyResult'];
export type PortalFileResult = components['schemas']['PortalFileResult'];
export type PortalRepairList = components['schemas']['PortalRepairList'];
export type PortalRepairResult = components['schemas']['PortalRepairResult'];
export type PortalLoanList = components['schemas']['PortalLoanList'];
export type PortalDeviceList = components['schemas']['PortalDeviceList'];
export type User = components['schemas']['User'];
export type UserResult = components['schemas']['UserResult'];
export type Invitation = components['schemas']['Invitation'];
export type UserPage = components['schemas']['UserPage'];
export type CreatedUser = components['schemas']['CreatedUser'];
export type InviteResult = components['schemas']['InviteResult'];
export type Webhook = components['schemas']['Webhook'];
export type WebhookResult = components['schemas']['WebhookResult'];
export type WebhookWithSecret = components['schemas']['WebhookWithSecret'];
export type WebhookDelivery = components['schemas']['WebhookDelivery'];
export type WebhookDeliveryResult = components['schemas']['WebhookDeliveryResult'];
export type WebhookList = components['schemas']['WebhookList'];
export type WebhookDeliveryPage = components['schemas']['WebhookDeliveryPage'];
export type CallAssistantToolResponse = components['schemas']['CallAssistantToolResponse'];
export type GetConsoleOpenApiResponse = components['schemas']['GetConsoleOpenApiResponse'];
