package app.spotlist.mobile;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
