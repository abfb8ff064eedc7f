/// A short list of the passwords of 12 characters or more that turn up most often in published
/// breach corpora and in the top of the common-password lists attackers try first (keyboard
/// walks, counting, "password" and "qwerty" stretched out, common phrases). Shorter ones are
/// refused by length already. Kept in lower case; compared by bytes.
public enum CommonPasswords {
    /// Whether `lowered` (ASCII letters in lower case) is on the list.
    public static func contains(_ lowered: String) -> Bool {
        list.contains { $0.utf8.elementsEqual(lowered.utf8) }
    }

    /// The list, in lower case.
    public static let list: [String] = [
        "123456789012", "1234567890123", "12345678901234", "123456789123", "123123123123",
        "098765432109", "987654321098", "111222333444", "123412341234", "121212121212",
        "1q2w3e4r5t6y", "1q2w3e4r5t6y7u", "1qaz2wsx3edc", "1qaz2wsx3edc4rfv", "zaq12wsxcde3",
        "qwertyuiop12", "qwertyuiop123", "qwerty123456", "qwertyuiopasdf", "qwertyuiopasdfghjkl",
        "qwertyqwerty", "qwerty12345678", "asdfghjkl123", "asdfasdfasdf", "zxcvbnm12345",
        "qazwsxedcrfv", "!qaz2wsx#edc", "q1w2e3r4t5y6", "a1b2c3d4e5f6", "abc123abc123",
        "abcdefghijkl", "abcdefghijklm", "abcd12345678", "abc123456789", "abcdefg12345",
        "password1234", "password12345", "password123456", "password123!", "passwordpassword",
        "password1!password1!", "p@ssw0rd1234", "p@ssword1234", "passw0rd1234", "mypassword123",
        "iloveyou1234", "iloveyouiloveyou", "iloveyou123456", "letmein12345", "letmeinletmein",
        "welcome12345", "welcome123456", "welcomewelcome", "changeme1234", "changemechangeme",
        "administrator", "administrator1", "admin1234567", "adminadminadmin", "rootroot1234",
        "trustno1trustno1", "monkey123456", "dragon123456", "football1234", "baseball1234",
        "superman1234", "princess1234", "sunshine1234", "starwars1234", "master123456",
        "whatever1234", "computer1234", "internet1234", "1234qwerasdf", "1234qwerasdfzxcv",
        "correcthorsebatterystaple", "thequickbrownfox", "iloveyouforever", "nothingtolose",
        "homepwner123", "scarycreatures", "scarycreatures1",
    ]
}
