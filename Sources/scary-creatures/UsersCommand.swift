import CommandLineSupport

/// `users add|list|remove|reset`: the people who may sign in to the app's servers.
typealias UsersCommand = CommandLineSupport.UsersCommand<ScaryCreaturesApp>

extension ScaryCreaturesApp: AccountsApp {}
